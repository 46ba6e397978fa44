//! The walk of a `show -json` document given as input: containers are walked into with
//! serde, and each unit is read alone and handed to the [`Ctx`].

use std::fmt;

use serde::de::{DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;
use serde_json::Value;

use super::sink::Ctx;
use super::stream::{member, Doc, Place, Unit};
use crate::RenderError;

/// Walks the whole document from `de` into `ctx`, then writes the final newline.
pub(super) fn walk<'de, R: serde_json::de::Read<'de>>(
    de: &mut serde_json::Deserializer<R>,
    doc: Doc,
    ctx: &mut Ctx<'_, '_>,
) -> Result<(), RenderError> {
    let walked = Node {
        ctx: &mut *ctx,
        place: Place::Top(doc),
    }
    .deserialize(&mut *de)
    .and_then(|()| de.end());
    ctx.finish(walked.map_err(|e| RenderError::Json(e.to_string())))
}

/// Walks a container (or `null` in its place).
struct Node<'c, 'a, 's> {
    ctx: &'c mut Ctx<'a, 's>,
    place: Place,
}

/// Reads a unit whole and hands it to [`Ctx::unit`].
struct UnitSeed<'c, 'a, 's> {
    ctx: &'c mut Ctx<'a, 's>,
    unit: Unit,
}

impl<'de> DeserializeSeed<'de> for UnitSeed<'_, '_, '_> {
    type Value = ();
    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        let v = Value::deserialize(d)?;
        self.ctx
            .unit(self.unit, v)
            .map_err(|e| serde::de::Error::custom(e.0))?;
        stop_on_error(self.ctx)
    }
}

/// Ends the walk once writing has failed.
fn stop_on_error<E: serde::de::Error>(ctx: &Ctx<'_, '_>) -> Result<(), E> {
    match ctx.error {
        Some(_) => Err(E::custom("the output could not be written")),
        None => Ok(()),
    }
}

/// Walks `place` or, for a member that is not a container, reads it as a unit.
fn value_seed<'de, A: MapAccess<'de>>(
    map: &mut A,
    ctx: &mut Ctx<'_, '_>,
    place: Result<Place, Unit>,
) -> Result<(), A::Error> {
    match place {
        Ok(place) => map.next_value_seed(Node { ctx, place }),
        Err(unit) => map.next_value_seed(UnitSeed { ctx, unit }),
    }
}

impl<'de> DeserializeSeed<'de> for Node<'_, '_, '_> {
    type Value = ();
    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_option(self)
    }
}

impl<'de> Visitor<'de> for Node<'_, '_, '_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.place {
            Place::Modules | Place::Units(_) => f.write_str("a JSON array or null"),
            _ => f.write_str("a JSON object or null"),
        }
    }

    fn visit_none<E: serde::de::Error>(self) -> Result<(), E> {
        self.ctx.bytes(b"null");
        Ok(())
    }

    fn visit_unit<E: serde::de::Error>(self) -> Result<(), E> {
        self.visit_none()
    }

    fn visit_some<D: serde::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        match self.place {
            Place::Modules | Place::Units(_) => d.deserialize_seq(self),
            _ => d.deserialize_map(self),
        }
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let ctx = self.ctx;
        ctx.bytes(b"{");
        let mut first = true;
        while let Some(key) = map.next_key::<String>()? {
            if !std::mem::take(&mut first) {
                ctx.bytes(b",");
            }
            ctx.key(&key);
            value_seed(&mut map, ctx, member(self.place, &key))?;
        }
        ctx.bytes(b"}");
        Ok(())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let ctx = self.ctx;
        ctx.bytes(b"[");
        let mut first = true;
        loop {
            let comma = !first;
            let more = match self.place {
                Place::Units(unit) => seq.next_element_seed(Commaed {
                    comma,
                    inner: UnitSeed {
                        ctx: &mut *ctx,
                        unit,
                    },
                })?,
                _ => seq.next_element_seed(Commaed {
                    comma,
                    inner: Node {
                        ctx: &mut *ctx,
                        place: Place::Module,
                    },
                })?,
            };
            if more.is_none() {
                break;
            }
            first = false;
        }
        ctx.bytes(b"]");
        Ok(())
    }
}

/// An array element: the comma before it (unless first), then the element. (The comma is
/// written only once the element is known to be there.)
struct Commaed<S> {
    comma: bool,
    inner: S,
}

/// A seed that can write to the walk's context.
trait WithCtx<'c, 'a, 's> {
    fn ctx(&mut self) -> &mut Ctx<'a, 's>;
}

impl<'c, 'a, 's> WithCtx<'c, 'a, 's> for UnitSeed<'c, 'a, 's> {
    fn ctx(&mut self) -> &mut Ctx<'a, 's> {
        self.ctx
    }
}

impl<'c, 'a, 's> WithCtx<'c, 'a, 's> for Node<'c, 'a, 's> {
    fn ctx(&mut self) -> &mut Ctx<'a, 's> {
        self.ctx
    }
}

impl<'de, 'c, 'a, 's, S> DeserializeSeed<'de> for Commaed<S>
where
    S: DeserializeSeed<'de, Value = ()> + WithCtx<'c, 'a, 's>,
{
    type Value = ();
    fn deserialize<D: serde::Deserializer<'de>>(mut self, d: D) -> Result<(), D::Error> {
        if self.comma {
            self.inner.ctx().bytes(b",");
        }
        self.inner.deserialize(d)
    }
}
