//! Plan fields 15 and 19, whose field numbers Terraform reused: they are declared as raw bytes
//! and decoded here according to the plan's `terraform_version`.
//!
//! - 15 was `provider_hashes` up to 1.0 (ignored) and is `relevant_attributes` from 1.2.
//! - 19 was `condition_results` in 1.2 and is `check_results` from 1.3.
//!
//! Read by the plan's release (program and `terraform_version`; a version that cannot be parsed
//! is taken to be current).

use super::change::{canonical_address, path};
use super::loc::Loc;
use crate::error::Error;
use crate::model::{
    CheckKind, CheckObject, CheckResults, CheckStatus, ConditionResult, ConditionType,
    RelevantAttribute,
};
use crate::proto;
use prost::Message;
use tfshow_release::{Feature, Release};

/// Decodes field 15 as relevant attributes, or nothing for plans older than 1.1.
pub(super) fn relevant_attributes(
    at: &Loc<'_>,
    release: &Release,
    raw: Vec<Vec<u8>>,
) -> Result<Vec<RelevantAttribute>, Error> {
    if !release.has(Feature::RecordsRelevantAttributes) {
        return Ok(Vec::new());
    }
    raw.iter()
        .enumerate()
        .map(|(i, bytes)| {
            let at = at.index(i);
            let ra =
                proto::plan::ResourceAttr::decode(bytes.as_slice()).map_err(|e| at.protobuf(e))?;
            let resource = canonical_address(&at.field("resource"), ra.resource)?;
            let attr = match ra.attr {
                Some(p) => path(&at.field("attr"), p)?,
                None => Vec::new(),
            };
            Ok(RelevantAttribute { resource, attr })
        })
        .collect()
}

/// Decodes field 19 as check results, or nothing for plans older than 1.3.
pub(super) fn check_results(
    at: &Loc<'_>,
    release: &Release,
    raw: Vec<Vec<u8>>,
) -> Result<Vec<CheckResults>, Error> {
    if !release.has(Feature::Checks) {
        return Ok(Vec::new());
    }
    raw.iter()
        .enumerate()
        .map(|(i, bytes)| {
            let at = at.index(i);
            let cr = proto::CheckResults::decode(bytes.as_slice()).map_err(|e| at.protobuf(e))?;
            check_group(&at, cr)
        })
        .collect()
}

/// Decodes field 19 as Terraform 1.2's condition results, or nothing for plans of other
/// releases.
pub(super) fn condition_results(
    at: &Loc<'_>,
    version: &str,
    raw: &[Vec<u8>],
) -> Result<Vec<ConditionResult>, Error> {
    if !Release::terraform(version).has(Feature::ConditionResults) {
        return Ok(Vec::new());
    }
    raw.iter()
        .enumerate()
        .map(|(i, bytes)| {
            let at = at.index(i);
            let c = proto::ConditionResult::decode(bytes.as_slice()).map_err(|e| at.protobuf(e))?;
            let condition_type = ConditionType::from_proto(c.r#type).ok_or_else(|| {
                at.field("type")
                    .invalid(format!("unsupported condition type {}", c.r#type))
            })?;
            let result = match c.result {
                Some(proto::condition_result::Result::Value(v)) => Some(v),
                Some(proto::condition_result::Result::Unknown(_)) | None => None,
            };
            Ok(ConditionResult {
                addr: c.addr,
                condition_addr: c.condition_addr,
                result,
                condition_type,
                error_message: c.error_message,
            })
        })
        .collect()
}

/// Converts one `CheckResults` message.
fn check_group(at: &Loc<'_>, raw: proto::CheckResults) -> Result<CheckResults, Error> {
    let kind = CheckKind::from_proto(raw.kind).ok_or_else(|| {
        at.field("kind")
            .invalid(format!("unsupported kind {}", raw.kind))
    })?;
    let objects_at = at.field("objects");
    let objects = raw
        .objects
        .into_iter()
        .enumerate()
        .map(|(i, o)| {
            Ok(CheckObject {
                status: status(&objects_at.index(i).field("status"), o.status)?,
                object_addr: o.object_addr,
                failure_messages: o.failure_messages,
            })
        })
        .collect::<Result<_, Error>>()?;
    Ok(CheckResults {
        kind,
        status: status(&at.field("status"), raw.status)?,
        config_addr: raw.config_addr,
        objects,
    })
}

/// Converts a check status number.
fn status(at: &Loc<'_>, n: i32) -> Result<CheckStatus, Error> {
    CheckStatus::from_proto(n).ok_or_else(|| at.invalid(format!("unknown status {n}")))
}
