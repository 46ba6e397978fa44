//! Decoding synthetic `tfplan` messages: value selection, version-dependent fields and the
//! field paths named in errors.

mod support;

use prost::Message;
use support::{create_change, dv, minimal_plan};
use tfshow_planfile::model::{
    Action, ActionReason, CheckKind, CheckStatus, DeferredReason, Mode, PathStep,
};
use tfshow_planfile::proto::{self, resource_instance_change::InstanceKey};
use tfshow_planfile::{decode_tfplan, Error};

fn decode(plan: &proto::Plan) -> Result<tfshow_planfile::model::Plan, Error> {
    decode_tfplan(plan.encode_to_vec(), &Default::default())
}

fn decode_err(plan: &proto::Plan) -> String {
    match decode(plan) {
        Ok(_) => panic!("expected an error"),
        Err(e) => e.to_string(),
    }
}

fn with_change(action: proto::Action, values: &[&[u8]]) -> proto::Plan {
    let mut rc = create_change("null_resource.x");
    let change = rc.change.as_mut().unwrap();
    change.action = action as i32;
    change.values = values.iter().map(|v| dv(v)).collect();
    let mut plan = minimal_plan("1.15.5");
    plan.resource_changes.push(rc);
    plan
}

/// A length-delimited protobuf field (lengths below 128 only).
fn ld(field: u8, bytes: &[u8]) -> Vec<u8> {
    let mut out = vec![field << 3 | 2, u8::try_from(bytes.len()).unwrap()];
    out.extend_from_slice(bytes);
    out
}

#[test]
fn values_follow_the_action() {
    /// An action, the values stored for it, and the expected before and after.
    type Case<'a> = (
        proto::Action,
        &'a [&'a [u8]],
        Option<&'a [u8]>,
        Option<&'a [u8]>,
    );
    let cases: [Case<'_>; 6] = [
        (
            proto::Action::Noop,
            &[b"\x01"],
            Some(b"\x01"),
            Some(b"\x01"),
        ),
        (proto::Action::Create, &[b"\x02"], None, Some(b"\x02")),
        (
            proto::Action::Read,
            &[b"\xc0", b"\x03"],
            Some(b"\xc0"),
            Some(b"\x03"),
        ),
        (
            proto::Action::Update,
            &[b"\x01", b"\x02"],
            Some(b"\x01"),
            Some(b"\x02"),
        ),
        (proto::Action::Delete, &[b"\x01"], Some(b"\x01"), None),
        (
            proto::Action::CreateThenForget,
            &[b"\x01", b"\x02", b"\x03"],
            Some(b"\x01"),
            Some(b"\x02"),
        ),
    ];
    for (action, values, before, after) in cases {
        let plan = decode(&with_change(action, values)).unwrap();
        let change = &plan.resource_changes[0].change;
        assert_eq!(change.before.as_deref(), before, "{action:?}");
        assert_eq!(change.after.as_deref(), after, "{action:?}");
    }
}

#[test]
fn too_few_values() {
    assert_eq!(
        decode_err(&with_change(proto::Action::Update, &[b"\x01"])),
        "tfplan: resource_changes[0].change: expected 2 values for update, got 1"
    );
    assert_eq!(
        decode_err(&with_change(proto::Action::Noop, &[])),
        "tfplan: resource_changes[0].change: expected 1 values for noop, got 0"
    );
}

#[test]
fn empty_value() {
    assert_eq!(
        decode_err(&with_change(proto::Action::Update, &[b"\x01", b""])),
        "tfplan: resource_changes[0].change.values[1]: dynamic value has no msgpack serialization"
    );
}

#[test]
fn unknown_enum_numbers() {
    let mut plan = with_change(proto::Action::Create, &[b"\x01"]);
    plan.resource_changes[0].change.as_mut().unwrap().action = 4;
    assert_eq!(
        decode_err(&plan),
        "tfplan: resource_changes[0].change.action: unknown action 4 for Terraform 1.15.5"
    );

    let mut plan = with_change(proto::Action::Create, &[b"\x01"]);
    plan.resource_changes[0].action_reason = 99;
    assert_eq!(
        decode_err(&plan),
        "tfplan: resource_changes[0].action_reason: unknown action reason 99"
    );

    let mut plan = minimal_plan("1.15.5");
    plan.ui_mode = 7;
    assert_eq!(decode_err(&plan), "tfplan: ui_mode: unknown mode 7");
}

#[test]
fn missing_change() {
    let mut plan = minimal_plan("1.15.5");
    let mut rc = create_change("null_resource.x");
    rc.change = None;
    plan.resource_drift.push(rc);
    assert_eq!(
        decode_err(&plan),
        "tfplan: resource_drift[0].change: missing"
    );
}

#[test]
fn invalid_addresses() {
    let mut plan = minimal_plan("1.15.5");
    plan.resource_changes.push(create_change("null_resource"));
    assert!(decode_err(&plan).starts_with(
        "tfplan: resource_changes[0].addr: invalid resource instance address \"null_resource\""
    ));

    let mut plan = minimal_plan("1.15.5");
    plan.resource_changes.push(create_change(""));
    assert!(decode_err(&plan)
        .starts_with("tfplan: resource_changes[0].addr: no resource instance address"));

    let mut plan = minimal_plan("1.15.5");
    let mut rc = create_change("null_resource.x");
    rc.provider = "null".into();
    plan.resource_changes.push(rc);
    assert!(decode_err(&plan).starts_with(
        "tfplan: resource_changes[0].provider: invalid provider configuration address"
    ));

    let mut plan = minimal_plan("1.15.5");
    let mut rc = create_change("null_resource.x");
    rc.deposed_key = "abc".into();
    plan.resource_changes.push(rc);
    assert!(decode_err(&plan).starts_with("tfplan: resource_changes[0].deposed_key:"));
}

#[test]
fn pre_1_1_split_address() {
    let mut plan = minimal_plan("1.0.3");
    let mut rc = create_change("");
    rc.module_path = r#"module.a["x"].module.b[0]"#.into();
    rc.mode = proto::resource_instance_change::ResourceMode::Data as i32;
    rc.r#type = "aws_ami".into();
    rc.name = "foo".into();
    rc.instance_key = Some(InstanceKey::Str("k\"ey".into()));
    plan.resource_changes.push(rc);

    let mut rc = create_change("");
    rc.r#type = "null_resource".into();
    rc.name = "n".into();
    rc.instance_key = Some(InstanceKey::Int(3));
    plan.resource_changes.push(rc);

    let decoded = decode(&plan).unwrap();
    let addrs: Vec<_> = decoded
        .resource_changes
        .iter()
        .map(|rc| rc.addr.as_str())
        .collect();
    assert_eq!(
        addrs,
        [
            r#"module.a["x"].module.b[0].data.aws_ami.foo["k\"ey"]"#,
            "null_resource.n[3]"
        ]
    );

    plan.resource_changes[1].mode = 2;
    assert_eq!(
        decode_err(&plan),
        "tfplan: resource_changes[1].mode: unknown resource mode 2"
    );
}

#[test]
fn previous_addresses() {
    let mut plan = minimal_plan("1.15.5");
    let mut moved = create_change("null_resource.new");
    moved.prev_run_addr = "null_resource.old".into();
    let mut same = create_change("null_resource.same");
    same.prev_run_addr = "null_resource.same".into();
    plan.resource_changes = vec![moved, same, create_change("null_resource.none")];
    let decoded = decode(&plan).unwrap();
    let prev: Vec<_> = decoded
        .resource_changes
        .iter()
        .map(|rc| rc.prev_run_addr.as_deref())
        .collect();
    assert_eq!(prev, [Some("null_resource.old"), None, None]);
}

#[test]
fn paths_and_sensitivity() {
    let mut plan = with_change(proto::Action::Update, &[b"\x01", b"\x02"]);
    let step = |s: proto::path::step::Selector| proto::path::Step { selector: Some(s) };
    let path = proto::Path {
        steps: vec![
            step(proto::path::step::Selector::AttributeName("disk".into())),
            step(proto::path::step::Selector::ElementKey(dv(b"\x01"))),
        ],
    };
    let rc = &mut plan.resource_changes[0];
    rc.required_replace.push(path.clone());
    rc.change.as_mut().unwrap().after_sensitive_paths.push(path);
    let decoded = decode(&plan).unwrap();
    let expected = vec![PathStep::Attr("disk".into()), PathStep::Key(vec![1])];
    assert_eq!(
        decoded.resource_changes[0].required_replace,
        std::slice::from_ref(&expected)
    );
    assert_eq!(
        decoded.resource_changes[0].change.after_sensitive_paths,
        [expected]
    );

    plan.resource_changes[0].required_replace[0]
        .steps
        .push(proto::path::Step { selector: None });
    assert_eq!(
        decode_err(&plan),
        "tfplan: resource_changes[0].required_replace[0].steps[2]: path step has no selector"
    );
}

#[test]
fn importing_and_identity() {
    let mut plan = with_change(proto::Action::Noop, &[b"\x01"]);
    let change = plan.resource_changes[0].change.as_mut().unwrap();
    change.importing = Some(
        proto::Importing {
            id: "i-123".into(),
            unknown: false,
            identity: Some(dv(b"\x80")),
        }
        .encode_to_vec(),
    );
    change.generated_config = "resource \"x\" \"y\" {}".into();
    change.after_identity = Some(dv(b"\x81"));
    let decoded = decode(&plan).unwrap();
    let change = &decoded.resource_changes[0].change;
    let importing = change.importing.as_ref().unwrap();
    assert_eq!(importing.id, "i-123");
    assert_eq!(importing.identity.as_deref(), Some(&b"\x80"[..]));
    assert_eq!(change.after_identity.as_deref(), Some(&b"\x81"[..]));
    assert_eq!(change.before_identity, None);
    assert_eq!(change.generated_config, "resource \"x\" \"y\" {}");
}

/// An OpenTofu plan of `version` with one change of `action` numbered as OpenTofu numbers it,
/// told apart from Terraform's by its provider's registry.
fn tofu_plan(version: &str, action: i32, values: &[&[u8]]) -> proto::Plan {
    let mut plan = with_change(proto::Action::Noop, values);
    plan.terraform_version = version.into();
    let rc = &mut plan.resource_changes[0];
    rc.provider = r#"provider["registry.opentofu.org/hashicorp/null"]"#.into();
    rc.change.as_mut().unwrap().action = action;
    plan
}

#[test]
fn opentofu_1_12_numbers() {
    let mut plan = tofu_plan("1.12.6", 10, &[b"\x01", b"\x02"]);
    let rc = &mut plan.resource_changes[0];
    rc.action_reason = 15;
    rc.change.as_mut().unwrap().importing = Some(
        proto::OpenTofuImporting {
            id: String::new(),
            identity: Some(dv(b"\x81\xa1a\x01")),
        }
        .encode_to_vec(),
    );
    let decoded = decode(&plan).unwrap();
    assert_eq!(decoded.program, tfshow_release::Program::OpenTofu);
    let rc = &decoded.resource_changes[0];
    assert_eq!(rc.change.action, Action::ForgetThenCreate);
    assert_eq!(
        rc.action_reason,
        ActionReason::ForgotBecauseLifecycleDestroyInState
    );
    let importing = rc.change.importing.as_ref().unwrap();
    assert_eq!(importing.identity.as_deref(), Some(&b"\x81\xa1a\x01"[..]));
    // 9 was OPEN in 1.11 only.
    let plan = tofu_plan("1.12.6", 9, &[]);
    assert_eq!(
        decode_err(&plan),
        "tfplan: resource_changes[0].change.action: unknown action 9 for OpenTofu 1.12.6"
    );
    // The same numbers mean nothing to Terraform.
    let mut plan = with_change(proto::Action::Noop, &[b"\x01", b"\x02"]);
    plan.resource_changes[0].change.as_mut().unwrap().action = 10;
    assert!(decode_err(&plan).contains("unknown action 10 for Terraform 1.15.5"));
}

#[test]
fn opentofu_1_11_open_and_ephemeral_variables() {
    let mut plan = tofu_plan("1.11.6", 9, &[]);
    plan.resource_changes[0].action_reason = 14;
    plan.function_results_or_ephemeral_variables = vec![b"token".to_vec()];
    let decoded = decode(&plan).unwrap();
    let rc = &decoded.resource_changes[0];
    assert_eq!(rc.change.action, Action::Open);
    assert_eq!(rc.change.before, None);
    assert_eq!(rc.change.after, None);
    assert_eq!(rc.action_reason, ActionReason::DeleteBecauseEnabledFalse);
    assert_eq!(decoded.apply_time_variables, ["token"]);
    // Terraform's action 9 needs two values.
    let plan = with_change(proto::Action::CreateThenForget, &[]);
    assert!(decode_err(&plan).contains("expected 2 values for create_then_forget"));
}

#[test]
fn variables_sorted_and_outputs() {
    let mut plan = minimal_plan("1.15.5");
    plan.variables.insert("zeta".into(), dv(b"\x01"));
    plan.variables.insert("alpha".into(), dv(b"\x02"));
    plan.output_changes.push(proto::OutputChange {
        name: "out".into(),
        change: Some(proto::Change {
            action: proto::Action::Delete as i32,
            values: vec![dv(b"\x03")],
            ..Default::default()
        }),
        sensitive: true,
    });
    let decoded = decode(&plan).unwrap();
    let names: Vec<_> = decoded.variables.iter().map(|v| v.name.as_str()).collect();
    assert_eq!(names, ["alpha", "zeta"]);
    let out = &decoded.output_changes[0];
    assert_eq!(
        (out.name.as_str(), out.sensitive, out.change.action),
        ("out", true, Action::Delete)
    );

    plan.variables.insert("empty".into(), dv(b""));
    assert_eq!(
        decode_err(&plan),
        "tfplan: variables[\"empty\"]: dynamic value has no msgpack serialization"
    );
}

#[test]
fn field_15_by_version() {
    // Terraform 1.0: provider_hashes, a map<string, Hash{sha256}>; ignored.
    let hash_entry = [
        ld(1, b"registry.terraform.io/hashicorp/null"),
        ld(2, &ld(1, &[0xab; 32])),
    ]
    .concat();
    let mut plan = minimal_plan("1.0.3");
    plan.relevant_attributes.push(hash_entry.clone());
    assert!(decode(&plan).unwrap().relevant_attributes.is_empty());

    // From 1.2: relevant attributes.
    let attr = proto::plan::ResourceAttr {
        resource: "null_resource.x[0]".into(),
        attr: Some(proto::Path {
            steps: vec![proto::path::Step {
                selector: Some(proto::path::step::Selector::AttributeName(
                    "triggers".into(),
                )),
            }],
        }),
    };
    let mut plan = minimal_plan("1.2.0");
    plan.relevant_attributes.push(attr.encode_to_vec());
    let decoded = decode(&plan).unwrap();
    assert_eq!(
        decoded.relevant_attributes[0].resource,
        "null_resource.x[0]"
    );
    assert_eq!(
        decoded.relevant_attributes[0].attr,
        [PathStep::Attr("triggers".into())]
    );

    // A 1.0-style entry in a newer plan is an error naming the element.
    let mut plan = minimal_plan("1.15.5");
    plan.relevant_attributes.push(hash_entry);
    let err = decode_err(&plan);
    assert!(err.starts_with("tfplan: relevant_attributes[0]"), "{err}");
}

#[test]
fn field_19_by_version() {
    let results = proto::CheckResults {
        kind: proto::check_results::ObjectKind::Resource as i32,
        config_addr: "null_resource.x".into(),
        status: proto::check_results::Status::Fail as i32,
        objects: vec![proto::check_results::ObjectResult {
            object_addr: "null_resource.x[0]".into(),
            status: proto::check_results::Status::Fail as i32,
            failure_messages: vec!["bad".into()],
        }],
    };
    let mut plan = minimal_plan("1.3.0");
    plan.check_results.push(results.encode_to_vec());
    let decoded = decode(&plan).unwrap();
    let cr = &decoded.check_results[0];
    assert_eq!(
        (cr.kind, cr.status),
        (CheckKind::Resource, CheckStatus::Fail)
    );
    assert_eq!(cr.objects[0].failure_messages, ["bad"]);

    // Terraform 1.2 wrote condition results here; they are skipped.
    let mut plan = minimal_plan("1.2.9");
    plan.check_results.push(b"\x0a\x03abc\x28\x01".to_vec());
    assert!(decode(&plan).unwrap().check_results.is_empty());

    let mut plan = minimal_plan("1.5.0");
    let mut bad = results;
    bad.kind = 0;
    plan.check_results.push(bad.encode_to_vec());
    assert_eq!(
        decode_err(&plan),
        "tfplan: check_results[0].kind: unsupported kind 0"
    );
}

#[test]
fn deferred_changes() {
    let mut plan = minimal_plan("1.15.5");
    plan.deferred_changes
        .push(proto::DeferredResourceInstanceChange {
            deferred: Some(proto::Deferred {
                reason: proto::DeferredReason::InstanceCountUnknown as i32,
            }),
            change: Some(create_change("module.m[*].null_resource.x[*]")),
        });
    let decoded = decode(&plan).unwrap();
    let d = &decoded.deferred_changes[0];
    assert_eq!(d.reason, DeferredReason::InstanceCountUnknown);
    assert_eq!(d.change.addr, "module.m[*].null_resource.x[*]");

    plan.deferred_changes[0].deferred = Some(proto::Deferred { reason: 0 });
    assert_eq!(
        decode_err(&plan),
        "tfplan: deferred_changes[0].deferred.reason: invalid deferred reason 0"
    );
}

#[test]
fn plan_level_fields() {
    let mut plan = minimal_plan("1.15.5");
    plan.ui_mode = proto::Mode::RefreshOnly as i32;
    plan.timestamp = "2026-11-21T23:09:28Z".into();
    plan.errored = true;
    plan.target_addrs = vec!["module.m".into()];
    plan.force_replace_addrs = vec!["null_resource.x[0]".into()];
    plan.apply_time_variables = vec!["token".into()];
    let decoded = decode(&plan).unwrap();
    assert_eq!(decoded.ui_mode, Mode::RefreshOnly);
    assert_eq!(decoded.timestamp.as_deref(), Some("2026-11-21T23:09:28Z"));
    assert!(decoded.errored && !decoded.applyable && !decoded.complete);
    assert_eq!(decoded.target_addrs, ["module.m"]);
    assert_eq!(decoded.force_replace_addrs, ["null_resource.x[0]"]);
    assert_eq!(decoded.apply_time_variables, ["token"]);
    assert_eq!(decoded.backend.unwrap().config, b"\x80");
    assert_eq!(
        decode_tfplan(minimal_plan("1.0.3").encode_to_vec(), &Default::default())
            .unwrap()
            .resource_changes[..],
        []
    );

    plan.force_replace_addrs = vec!["module.m".into()];
    assert!(decode_err(&plan).starts_with("tfplan: force_replace_addrs[0]: "));
}

#[test]
fn backend_and_state_store() {
    let mut plan = minimal_plan("1.15.5");
    plan.backend = None;
    assert_eq!(
        decode_err(&plan),
        "tfplan: Plan: has neither backend nor state_store"
    );
    plan.state_store = Some(proto::StateStore::default());
    let decoded = decode(&plan).unwrap();
    assert!(decoded.backend.is_none() && decoded.state_store.is_some());

    let mut plan = minimal_plan("1.15.5");
    plan.backend.as_mut().unwrap().config = None;
    assert_eq!(decode_err(&plan), "tfplan: backend.config: missing");
}

#[test]
fn action_reasons() {
    let mut plan = with_change(proto::Action::DeleteThenCreate, &[b"\x01", b"\x02"]);
    plan.resource_changes[0].action_reason =
        proto::ResourceInstanceActionReason::ReadBecauseCheckNested as i32;
    let decoded = decode(&plan).unwrap();
    assert_eq!(
        decoded.resource_changes[0].action_reason,
        ActionReason::ReadBecauseCheckNested
    );
    assert_eq!(
        decoded.resource_changes[0].change.action,
        Action::DeleteThenCreate
    );
}
