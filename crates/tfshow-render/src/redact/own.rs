//! The walk of the document tfshow writes, read as it arrives ([`split`](super::split)):
//! containers are walked into, units handed to the [`Ctx`] as text.

use super::partial;
use super::sink::Ctx;
use super::split::{Member, Source, SplitError};
use super::stream::{member, Doc, Place, Unit};
use crate::RenderError;

/// Walks the whole document tfshow writes, from `src` into `ctx`, then writes the final
/// newline.
pub(super) fn walk(src: &mut Source, doc: Doc, ctx: &mut Ctx<'_, '_>) -> Result<(), RenderError> {
    let mut unit = Vec::new();
    let mut members = Vec::new();
    let walked = own_node(src, Place::Top(doc), ctx, &mut unit, &mut members).and_then(|()| {
        if src.at_end() {
            Ok(())
        } else {
            Err(SplitError("the document goes on after its end".into()))
        }
    });
    ctx.finish(walked.map_err(|e| RenderError::Json(e.0)))
}

/// Walks a container of the document tfshow writes (or `null` in its place), as
/// [`input`](super::input) does for a document given as input.
fn own_node(
    src: &mut Source,
    place: Place,
    ctx: &mut Ctx<'_, '_>,
    unit: &mut Vec<u8>,
    members: &mut Vec<Member>,
) -> Result<(), SplitError> {
    let seq = matches!(place, Place::Modules | Place::Units(_));
    let (open, close) = match src.peek() {
        Some(b'n') => {
            src.value(unit, members)?;
            ctx.bytes(unit);
            return Ok(());
        }
        Some(b'{') if !seq => (b'{', b'}'),
        Some(b'[') if seq => (b'[', b']'),
        _ => return Err(SplitError("the document is not JSON as expected".into())),
    };
    src.bump();
    ctx.bytes(&[open]);
    if src.peek() == Some(close) {
        src.bump();
        ctx.bytes(&[close]);
        return Ok(());
    }
    loop {
        let next = if seq {
            match place {
                Place::Units(u) => Err(u),
                _ => Ok(Place::Module),
            }
        } else {
            src.value(unit, members)?;
            let key = key_text(unit)?;
            ctx.bytes(unit);
            src.expect(b':')?;
            ctx.bytes(b":");
            member(place, &key)
        };
        match next {
            Ok(place) => own_node(src, place, ctx, unit, members)?,
            Err(u) => {
                src.value(unit, members)?;
                match u {
                    Unit::Plain => ctx.bytes(unit),
                    Unit::Resource => ctx.text_unit(partial::Kind::Resource, unit, members)?,
                    Unit::Change => ctx.text_unit(partial::Kind::Change, unit, members)?,
                    _ => {
                        let v =
                            serde_json::from_slice(unit).map_err(|e| SplitError(e.to_string()))?;
                        ctx.unit(u, v)?;
                    }
                }
            }
        }
        if ctx.error.is_some() {
            return Err(SplitError("the output could not be written".into()));
        }
        match src.peek() {
            Some(b',') => {
                src.bump();
                ctx.bytes(b",");
            }
            Some(b) if b == close => {
                src.bump();
                ctx.bytes(&[close]);
                return Ok(());
            }
            _ => return Err(SplitError("the document is not JSON as expected".into())),
        }
    }
}

/// The text of an object key (a JSON string).
fn key_text(raw: &[u8]) -> Result<String, SplitError> {
    match raw.strip_prefix(b"\"").and_then(|r| r.strip_suffix(b"\"")) {
        Some(inner) if !inner.contains(&b'\\') => std::str::from_utf8(inner)
            .map(str::to_owned)
            .map_err(|e| SplitError(e.to_string())),
        _ => serde_json::from_slice(raw).map_err(|e| SplitError(e.to_string())),
    }
}
