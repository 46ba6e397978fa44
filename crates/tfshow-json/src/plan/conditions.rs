//! `condition_results` of Terraform 1.2 and 1.3 plan documents.
//!
//! ```text
//! [{"//":"…deprecated…","address":…,"condition_type":…,"result":…,"unknown":…,"error_message":…}]
//! ```
//! 1.2 prints the condition results its plan file records, sorted by each condition block's
//! unique address; 1.3 (without the `"//"` member in 1.2) makes them from the check results,
//! one per object (one per failure message of a failed object), sorted by object address.

use tfshow_gojson::Writer;
use tfshow_planfile::model::{CheckKind, CheckStatus, ConditionType, Plan};

use crate::checks::display;
use crate::error::Error;
use crate::Release;

/// The `"//"` member 1.3 writes first in each entry.
const DEPRECATION_NOTE: &str = "This previously-experimental representation of conditions is \
    deprecated and will be removed in Terraform v1.4. Use the 'checks' property instead.";

/// One entry.
struct Entry<'a> {
    address: String,
    condition_type: &'a str,
    result: bool,
    unknown: bool,
    error_message: &'a str,
}

/// The entries `version` prints for `plan`, in its order (none: the member is left out).
fn entries<'a>(plan: &'a Plan, version: &Release) -> Result<Vec<Entry<'a>>, Error> {
    let mut out = Vec::new();
    if version.has(crate::Feature::ConditionResults) {
        let mut results: Vec<_> = plan.condition_results.iter().collect();
        // The condition addresses are unique, so the order does not depend on the sort.
        results.sort_by(|a, b| a.condition_addr.cmp(&b.condition_addr));
        for c in results {
            let (kind, condition_type) = match c.condition_type {
                ConditionType::ResourcePrecondition => ("resource", "ResourcePrecondition"),
                ConditionType::ResourcePostcondition => ("resource", "ResourcePostcondition"),
                ConditionType::OutputPrecondition => ("output", "OutputPrecondition"),
            };
            out.push(Entry {
                address: display(kind, &c.addr)?.into_owned(),
                condition_type,
                result: c.result == Some(true),
                unknown: c.result.is_none(),
                error_message: &c.error_message,
            });
        }
    } else if version.has(crate::Feature::ConditionResultsFromChecks) {
        for group in &plan.check_results {
            let (kind, condition_type) = match group.kind {
                CheckKind::Resource => ("resource", "ResourcePostcondition"),
                CheckKind::OutputValue => ("output", "OutputPrecondition"),
                CheckKind::Check => ("check", "Condition"),
                CheckKind::InputVariable => ("var", "Condition"),
            };
            for o in &group.objects {
                let address = display(kind, &o.object_addr)?.into_owned();
                let entry = |error_message| Entry {
                    address: address.clone(),
                    condition_type,
                    result: o.status == CheckStatus::Pass,
                    unknown: o.status == CheckStatus::Unknown,
                    error_message,
                };
                if o.status == CheckStatus::Fail && !o.failure_messages.is_empty() {
                    out.extend(o.failure_messages.iter().map(|m| entry(m.as_str())));
                } else {
                    out.push(entry(""));
                }
            }
        }
        // Terraform's sort is not stable; ties (one object's failure messages) keep their
        // order here, as Go's sort keeps them for up to 12 entries (KNOWN-DIVERGENCES.md).
        out.sort_by(|a, b| a.address.cmp(&b.address));
    }
    Ok(out)
}

/// Writes `condition_results` when `version` prints it and there is something to print.
pub(crate) fn write(w: &mut Writer<'_>, plan: &Plan, version: &Release) -> Result<(), Error> {
    let entries = entries(plan, version)?;
    if entries.is_empty() {
        return Ok(());
    }
    let note = version.has(crate::Feature::ConditionResultsFromChecks);
    w.key("condition_results");
    w.begin_array();
    for e in &entries {
        w.begin_object();
        if note {
            w.key("//");
            w.string(DEPRECATION_NOTE);
        }
        if !e.address.is_empty() {
            w.key("address");
            w.string(&e.address);
        }
        w.key("condition_type");
        w.string(e.condition_type);
        w.key("result");
        w.bool(e.result);
        w.key("unknown");
        w.bool(e.unknown);
        if !e.error_message.is_empty() {
            w.key("error_message");
            w.string(e.error_message);
        }
        w.end_object();
    }
    w.end_array();
    Ok(())
}
