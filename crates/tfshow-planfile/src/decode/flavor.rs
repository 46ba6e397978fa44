//! The `tfplan` fields whose meaning depends on the program and release that wrote the plan:
//! OpenTofu forked the schema at Terraform 1.6 and numbered some later additions differently
//! (see `proto/planfile.proto`). Each is decoded here with the meaning the writer's release
//! gives it, asked of the feature table ([`Feature`]), never of version numbers.

use prost::Message;
use tfshow_release::{Feature, Release};

use super::change::optional_value;
use super::loc::Loc;
use crate::error::Error;
use crate::model::{Action, ActionReason, Importing};
use crate::proto;

/// The action numbered `n` for a plan written by `release`, if it has one.
pub(crate) fn action(release: &Release, n: i32) -> Option<Action> {
    Some(match n {
        0 => Action::NoOp,
        1 => Action::Create,
        2 => Action::Read,
        3 => Action::Update,
        5 => Action::Delete,
        6 => Action::DeleteThenCreate,
        7 => Action::CreateThenDelete,
        8 => Action::Forget,
        9 if release.has(Feature::ActionCreateThenForget) => Action::CreateThenForget,
        9 if release.has(Feature::ActionOpen) => Action::Open,
        10 if release.has(Feature::ActionForgetThenCreate) => Action::ForgetThenCreate,
        _ => return None,
    })
}

/// The action reason numbered `n` for a plan written by `release`, if it has one.
pub(crate) fn action_reason(release: &Release, n: i32) -> Option<ActionReason> {
    use ActionReason as R;
    Some(match n {
        0 => R::None,
        1 => R::ReplaceBecauseTainted,
        2 => R::ReplaceByRequest,
        3 => R::ReplaceBecauseCannotUpdate,
        4 => R::DeleteBecauseNoResourceConfig,
        5 => R::DeleteBecauseWrongRepetition,
        6 => R::DeleteBecauseCountIndex,
        7 => R::DeleteBecauseEachKey,
        8 => R::DeleteBecauseNoModule,
        9 => R::ReplaceByTriggers,
        10 => R::ReadBecauseConfigUnknown,
        11 => R::ReadBecauseDependencyPending,
        12 => R::DeleteBecauseNoMoveTarget,
        13 => R::ReadBecauseCheckNested,
        14 if release.has(Feature::ReasonEnabledFalse) => R::DeleteBecauseEnabledFalse,
        15 if release.has(Feature::ReasonsForgotLifecycleDestroy) => {
            R::ForgotBecauseLifecycleDestroyInState
        }
        16 if release.has(Feature::ReasonsForgotLifecycleDestroy) => {
            R::ForgotBecauseLifecycleDestroyInConfig
        }
        _ => return None,
    })
}

/// Decodes the `Importing` message `bytes` (at `at`) with the layout of `release`: OpenTofu
/// 1.12+ has the identity as field 2, Terraform has the `unknown` flag there and the
/// identity as field 3.
pub(crate) fn importing(at: &Loc<'_>, release: &Release, bytes: &[u8]) -> Result<Importing, Error> {
    if release.has(Feature::ImportingIdentityField2) {
        let raw = proto::OpenTofuImporting::decode(bytes).map_err(|e| at.protobuf(e))?;
        return Ok(Importing {
            id: raw.id,
            unknown: false,
            identity: optional_value(&at.field("identity"), raw.identity)?,
        });
    }
    let raw = proto::Importing::decode(bytes).map_err(|e| at.protobuf(e))?;
    Ok(Importing {
        id: raw.id,
        unknown: raw.unknown,
        identity: optional_value(&at.field("identity"), raw.identity)?,
    })
}

/// Plan field 22 as the names of ephemeral variables (OpenTofu 1.11+), or nothing: in
/// Terraform's plans it holds provider function results, which nothing here reads.
pub(crate) fn ephemeral_variables(
    at: &Loc<'_>,
    release: &Release,
    raw: Vec<Vec<u8>>,
) -> Result<Vec<String>, Error> {
    if !release.has(Feature::EphemeralVariableNames) {
        return Ok(Vec::new());
    }
    raw.into_iter()
        .enumerate()
        .map(|(i, bytes)| {
            String::from_utf8(bytes).map_err(|_| at.index(i).invalid("variable name is not UTF-8"))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use tfshow_release::Program;

    #[test]
    fn action_nine_and_ten_follow_the_release() {
        let tofu = |v| Release::parse(Program::OpenTofu, v);
        let tf = Release::terraform;
        assert_eq!(action(&tf("1.15.5"), 9), Some(Action::CreateThenForget));
        assert_eq!(action(&tofu("1.11.6"), 9), Some(Action::Open));
        assert_eq!(action(&tofu("1.12.6"), 9), None);
        assert_eq!(action(&tofu("1.10.10"), 9), None);
        assert_eq!(action(&tofu("1.12.6"), 10), Some(Action::ForgetThenCreate));
        assert_eq!(action(&tf("1.15.5"), 10), None);
        assert_eq!(action(&tf("1.15.5"), 4), None);
    }

    #[test]
    fn opentofu_reasons() {
        let tofu = |v| Release::parse(Program::OpenTofu, v);
        assert_eq!(
            action_reason(&tofu("1.11.6"), 14),
            Some(ActionReason::DeleteBecauseEnabledFalse)
        );
        assert_eq!(action_reason(&tofu("1.11.6"), 15), None);
        assert_eq!(
            action_reason(&tofu("1.12.6"), 16),
            Some(ActionReason::ForgotBecauseLifecycleDestroyInConfig)
        );
        assert_eq!(action_reason(&Release::terraform("1.15.5"), 14), None);
    }

    #[test]
    fn importing_by_layout() {
        let identity = proto::DynamicValue {
            msgpack: vec![0x81, 0xa1, b'a', 0x01].into(),
        };
        let tofu = proto::OpenTofuImporting {
            id: String::new(),
            identity: Some(identity.clone()),
        }
        .encode_to_vec();
        let at = Loc::Root;
        let got = importing(&at, &Release::parse(Program::OpenTofu, "1.12.6"), &tofu).unwrap();
        assert_eq!(got.identity.as_deref(), Some(&identity.msgpack[..]));
        // Read as Terraform's layout, field 2 has the wrong wire type.
        assert!(importing(&at, &Release::terraform("1.15.5"), &tofu).is_err());
        let tf = proto::Importing {
            id: "x".into(),
            unknown: true,
            identity: None,
        }
        .encode_to_vec();
        let got = importing(&at, &Release::terraform("1.15.5"), &tf).unwrap();
        assert!(got.unknown && got.id == "x");
    }
}
