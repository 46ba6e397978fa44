//! `output_changes` and the `outputs` of `planned_values`.

use tfshow_cty::msgpack::{decode, Options};
use tfshow_cty::{Type, Value};
use tfshow_gojson::Writer;
use tfshow_planfile::model::{Action, OutputChange};

use super::actions::action_names;
use crate::error::{invalid, Error};
use crate::transform::{write_known, write_unknown_as_bool, Sink};
use crate::Release;

/// An output change with its values decoded.
pub(crate) struct DecodedOutput<'a> {
    pub oc: &'a OutputChange,
    pub before: Value,
    pub after: Value,
}

pub(crate) fn decode_outputs(outputs: &[OutputChange]) -> Result<Vec<DecodedOutput<'_>>, Error> {
    let mut out = Vec::with_capacity(outputs.len());
    for oc in outputs {
        let at = format!("output {:?}", oc.name);
        let dec = |b: &Option<tfshow_planfile::model::Bytes>| match b {
            Some(bytes) => {
                decode(bytes, &Type::Dynamic, &Options::default()).map_err(|e| invalid(&at, e))
            }
            None => Ok(Value::Null),
        };
        out.push(DecodedOutput {
            oc,
            before: dec(&oc.change.before)?,
            after: dec(&oc.change.after)?,
        });
    }
    out.sort_by(|a, b| a.oc.name.cmp(&b.oc.name));
    out.dedup_by(|a, b| a.oc.name == b.oc.name);
    Ok(out)
}

/// Writes the `output_changes` object.
pub(crate) fn write_output_changes(
    w: &mut Writer<'_>,
    outputs: &[DecodedOutput<'_>],
    version: &Release,
) -> Result<(), Error> {
    w.begin_object();
    for o in outputs {
        w.key(&o.oc.name);
        write_output_change(w, o, version)?;
    }
    w.end_object();
    Ok(())
}

/// Writes one `output_changes` entry.
pub(crate) fn write_output_change<S: Sink + ?Sized>(
    w: &mut S,
    o: &DecodedOutput<'_>,
    version: &Release,
) -> Result<(), Error> {
    let at = || format!("output {:?}", o.oc.name);
    w.begin_object();
    w.key("actions");
    w.begin_array();
    for a in action_names(o.oc.change.action) {
        w.primitive(&Value::String((*a).into()))
            .map_err(|e| invalid(at(), e))?;
    }
    w.end_array();
    w.key("before");
    write_known(w, &o.before, crate::transform::unknown_elements(version))
        .map_err(|e| invalid(at(), e))?;
    let known = o.after.is_wholly_known();
    if known || (version.has(crate::Feature::PartlyUnknownOutputs) && !o.after.is_unknown()) {
        w.key("after");
        write_known(w, &o.after, crate::transform::unknown_elements(version))
            .map_err(|e| invalid(at(), e))?;
    }
    w.key("after_unknown");
    if known {
        w.bool(false);
    } else if version.has(crate::Feature::PartlyUnknownOutputs) {
        write_unknown_as_bool(w, &o.after);
    } else {
        w.bool(true);
    }
    if version.has(crate::Feature::ChangeSensitivity) {
        w.key("before_sensitive");
        w.bool(o.oc.sensitive);
        w.key("after_sensitive");
        w.bool(o.oc.sensitive);
    }
    w.end_object();
    Ok(())
}

/// Writes the `outputs` object of `planned_values` (omitted by the caller when empty).
pub(crate) fn write_planned_outputs(
    w: &mut Writer<'_>,
    outputs: &[DecodedOutput<'_>],
    version: &Release,
) -> Result<(), Error> {
    w.begin_object();
    for o in outputs
        .iter()
        .filter(|o| o.oc.change.action != Action::Delete)
    {
        let at = format!("output {:?}", o.oc.name);
        w.key(&o.oc.name);
        w.begin_object();
        w.key("sensitive");
        w.bool(o.oc.sensitive);
        if o.after.is_wholly_known() {
            if version.has(crate::Feature::OutputChangeType) {
                w.key("type");
                let mut t = Vec::new();
                o.after
                    .concrete_type()
                    .unwrap_or(&Type::Dynamic)
                    .write_json(&mut t);
                w.raw(&t);
            }
            w.key("value");
            write_known(w, &o.after, crate::transform::unknown_elements(version))
                .map_err(|e| invalid(&at, e))?;
        }
        w.end_object();
    }
    w.end_object();
    Ok(())
}
