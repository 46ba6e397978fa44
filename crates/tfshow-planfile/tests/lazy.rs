//! Plans read with their resource changes left to decode one at a time
//! ([`PlanFile::from_bytes_lazy`]) hold what plans read at once hold.

mod support;

use std::path::PathBuf;

use support::{case_plan_bytes, create_change, minimal_plan, plan_zip, scenarios_dir};
use tfshow_planfile::{proto, Error, LazyChange, Options, PlanFile};

/// Every real plan file of the test data.
fn real_plans() -> Vec<PathBuf> {
    let mut out = Vec::new();
    for scenario in std::fs::read_dir(scenarios_dir()).unwrap() {
        for dir in std::fs::read_dir(scenario.unwrap().path())
            .into_iter()
            .flatten()
        {
            let plan = dir.unwrap().path().join("plan.tfplan");
            if plan.is_file() {
                out.push(plan);
            }
        }
    }
    out.sort();
    out
}

fn read_lazy(bytes: &[u8]) -> Result<(PlanFile, Vec<LazyChange>), Error> {
    PlanFile::from_bytes_lazy(bytes, &Options::default(), |_| ())
        .map(|(file, changes, ())| (file, changes))
}

#[test]
fn lazy_changes_decode_to_the_changes_read_at_once() {
    let plans = real_plans();
    assert!(plans.len() > 50, "{} plans", plans.len());
    let mut changes_seen = 0;
    for path in plans {
        let bytes = case_plan_bytes(&path);
        let at_once = PlanFile::from_bytes(&bytes, &Options::default()).unwrap();
        let (mut lazy_file, lazy) = read_lazy(&bytes).unwrap();
        let name = path.display();
        assert!(lazy_file.plan.resource_changes.is_empty(), "{name}");
        assert_eq!(lazy.len(), at_once.plan.resource_changes.len(), "{name}");
        for (i, (l, rc)) in lazy.iter().zip(&at_once.plan.resource_changes).enumerate() {
            assert_eq!(l.index(), i, "{name}");
            assert_eq!(l.addr, rc.addr, "{name} [{i}]");
            assert_eq!(l.address, rc.address, "{name} [{i}]");
            assert_eq!(l.prev_run_addr, rc.prev_run_addr, "{name} [{i}]");
            assert_eq!(l.deposed_key, rc.deposed_key, "{name} [{i}]");
            assert_eq!(&*l.provider, rc.provider, "{name} [{i}]");
            assert_eq!(l.action, rc.change.action, "{name} [{i}]");
            assert_eq!(&l.decode().unwrap(), rc, "{name} [{i}]");
            changes_seen += 1;
        }
        // Everything else is the same.
        lazy_file.plan.resource_changes = at_once.plan.resource_changes.clone();
        assert!(lazy_file == at_once, "{name}");
    }
    assert!(changes_seen > 500, "{changes_seen} changes");
}

#[test]
fn changes_with_the_same_provider_share_it() {
    let mut plan = minimal_plan("1.15.5");
    for i in 0..3 {
        plan.resource_changes
            .push(create_change(&format!("null_resource.a[{i}]")));
    }
    // Shared by the changes read on one thread.
    let one_thread = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let (_, lazy) = one_thread.install(|| read_lazy(&plan_zip(&plan))).unwrap();
    assert!(std::sync::Arc::ptr_eq(&lazy[0].provider, &lazy[2].provider));
}

/// The error of reading `plan` at once, and of reading it lazily and then decoding every
/// change.
fn both_errors(plan: &proto::Plan) -> (String, String) {
    let bytes = plan_zip(plan);
    let at_once = PlanFile::from_bytes(&bytes, &Options::default())
        .expect_err("an error reading at once")
        .to_string();
    let lazily = read_lazy(&bytes)
        .and_then(|(_, changes)| changes.iter().try_for_each(|c| c.decode().map(drop)));
    (
        at_once,
        lazily.expect_err("an error reading lazily").to_string(),
    )
}

#[test]
fn a_bad_address_is_refused_when_the_plan_is_read() {
    let mut plan = minimal_plan("1.15.5");
    plan.resource_changes
        .push(create_change("null_resource.ok"));
    plan.resource_changes.push(create_change("not an address"));
    let bytes = plan_zip(&plan);
    let err = read_lazy(&bytes).expect_err("refused").to_string();
    let (at_once, _) = both_errors(&plan);
    assert_eq!(err, at_once);
    assert!(err.contains("resource_changes[1].addr"), "{err}");
}

#[test]
fn a_bad_action_is_refused_when_the_plan_is_read() {
    let mut plan = minimal_plan("1.15.5");
    let mut change = create_change("null_resource.a");
    change.change.as_mut().unwrap().action = 99;
    plan.resource_changes.push(change);
    let err = read_lazy(&plan_zip(&plan))
        .expect_err("refused")
        .to_string();
    assert_eq!(err, both_errors(&plan).0);
    assert!(err.contains("resource_changes[0].change.action"), "{err}");
}

#[test]
fn the_rest_of_a_change_is_checked_when_it_is_decoded() {
    let mut plan = minimal_plan("1.15.5");
    plan.resource_changes.push(create_change("null_resource.a"));
    let mut change = create_change("null_resource.b");
    change.action_reason = 99;
    plan.resource_changes.push(change);
    let mut change = create_change("null_resource.c");
    change.change.as_mut().unwrap().values.clear();
    plan.resource_changes.push(change);

    let (_, lazy) = read_lazy(&plan_zip(&plan)).expect("the heads are valid");
    assert!(lazy[0].decode().is_ok());
    let b = lazy[1].decode().unwrap_err().to_string();
    assert!(b.contains("resource_changes[1].action_reason"), "{b}");
    let c = lazy[2].decode().unwrap_err().to_string();
    assert!(c.contains("resource_changes[2].change"), "{c}");
    // Read at once, the same first error.
    let (at_once, lazily) = both_errors(&plan);
    assert_eq!(at_once, lazily);
    assert_eq!(at_once, b);
}
