//! A value read once into a flat list of items ([`Tape`]), to be walked as often as needed:
//! no allocation per item, strings and keys borrowed from the bytes.

use super::decode::Options;
use super::pull::{Item, Num, Pull, PullResult};
use crate::{Number, NumberError, Str, Type, Value};

/// The items of one msgpack value in reading order, each collection followed by its
/// elements. Read with [`Pull`], so it holds what [`decode`](super::decode) would decode,
/// minus what `Pull` refuses.
#[derive(Debug)]
pub struct Tape<'a> {
    nodes: Vec<Node<'a>>,
}

#[derive(Debug)]
struct Node<'a> {
    item: Item<'a>,
    /// The key of this value in its map or object.
    key: &'a str,
    /// The index just past this value's last node.
    end: usize,
}

thread_local! {
    /// Node buffers of tapes dropped on this thread, for the next ones (a change's `before`
    /// and `after` are read one after the other, so two are in use at once).
    static SPARE: std::cell::RefCell<Vec<Vec<Node<'static>>>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// Spare buffers larger than this many nodes are freed rather than kept.
const MAX_SPARE: usize = 1 << 14;
/// Spare buffers kept per thread, at most.
const SPARES: usize = 4;

/// An empty vector with `v`'s allocation, for nodes of another lifetime. (Collecting a
/// vector's iterator into a vector of a type of the same layout reuses the allocation.)
// The closure changes the item type (the nodes' lifetime), which `filter` cannot.
#[allow(clippy::unnecessary_filter_map)]
fn recycle<'b>(mut v: Vec<Node<'_>>) -> Vec<Node<'b>> {
    v.clear();
    v.into_iter().filter_map(|_| None).collect()
}

impl<'a> Tape<'a> {
    /// Reads one value of type `ty` from `bytes`.
    pub fn read(bytes: &'a [u8], ty: &Type, opts: &Options) -> PullResult<Tape<'a>> {
        let mut tape = Tape {
            nodes: recycle(SPARE.with_borrow_mut(Vec::pop).unwrap_or_default()),
        };
        push(&mut Pull::new(bytes, opts), ty, "", &mut tape.nodes)?;
        Ok(tape)
    }

    /// The value.
    pub fn root(&self) -> Cell<'_, 'a> {
        Cell {
            nodes: &self.nodes,
            i: 0,
        }
    }
}

impl Drop for Tape<'_> {
    fn drop(&mut self) {
        let nodes = std::mem::take(&mut self.nodes);
        if nodes.capacity() <= MAX_SPARE {
            SPARE.with_borrow_mut(|spare| {
                if spare.len() < SPARES {
                    spare.push(recycle(nodes));
                }
            });
        }
    }
}

fn push<'a>(p: &mut Pull<'a>, ty: &Type, key: &'a str, out: &mut Vec<Node<'a>>) -> PullResult<()> {
    p.value(ty, |p, item, ty| {
        let at = out.len();
        let collection = match item {
            Item::List(n) | Item::Set(n) | Item::Tuple(n) => Some((n, false)),
            Item::Map(n) | Item::Object(n) => Some((n, true)),
            _ => None,
        };
        out.push(Node {
            item,
            key,
            end: at + 1,
        });
        match collection {
            Some((n, false)) => p.elements(ty, n, |p, _, t| push(p, t, "", out))?,
            Some((n, true)) => p.entries(ty, n, |p, k, t| push(p, t, k, out))?,
            None => {}
        }
        out[at].end = out.len();
        Ok(())
    })
}

/// One value in a [`Tape`].
#[derive(Clone, Copy, Debug)]
pub struct Cell<'t, 'a> {
    nodes: &'t [Node<'a>],
    i: usize,
}

impl<'t, 'a> Cell<'t, 'a> {
    /// The value's item (for a collection, its kind and length).
    pub fn item(&self) -> &'t Item<'a> {
        &self.nodes[self.i].item
    }

    /// The elements of a list, set or tuple, or the entries of a map or object with their
    /// keys (`""` for elements).
    pub fn children(&self) -> impl Iterator<Item = (&'a str, Cell<'t, 'a>)> + 't {
        let nodes = self.nodes;
        let end = nodes[self.i].end;
        let mut j = self.i + 1;
        std::iter::from_fn(move || {
            if j >= end {
                return None;
            }
            let cell = Cell { nodes, i: j };
            j = nodes[j].end;
            Some((nodes[cell.i].key, cell))
        })
    }

    /// The value as a tree: what [`decode`](super::decode) decodes from the same bytes,
    /// [plain](Value::plain). Fails only on numbers that are not numbers.
    pub fn to_value(&self) -> Result<Value, NumberError> {
        Ok(match self.item() {
            Item::Null => Value::Null,
            Item::Unknown(shape) => Value::unknown(*shape),
            Item::Bool(b) => Value::Bool(*b),
            Item::Number(n) => Value::Number(match *n {
                Num::Int(i) => Number::from_i64(i),
                Num::Uint(u) => Number::from_u64(u),
                Num::Float(f) => Number::from_f64(f)?,
                Num::Text(s) => Number::parse(s)?,
            }),
            Item::String(s) => Value::String(s.as_ref().into()),
            Item::List(_) => Value::List(self.elements()?),
            Item::Set(_) => Value::Set(self.elements()?),
            Item::Tuple(_) => Value::Tuple(self.elements()?),
            Item::Map(_) => Value::Map(self.entries()?),
            Item::Object(_) => Value::Object(self.entries()?),
        })
    }

    fn elements(&self) -> Result<Vec<Value>, NumberError> {
        self.children().map(|(_, e)| e.to_value()).collect()
    }

    fn entries(&self) -> Result<Vec<(Str, Value)>, NumberError> {
        (self.children())
            .map(|(k, e)| Ok((Str::from(k), e.to_value()?)))
            .collect()
    }

    /// Whether this or anything in it is unknown.
    pub fn has_unknown(&self) -> bool {
        let end = self.nodes[self.i].end;
        self.nodes[self.i..end].iter().any(|n| n.item.is_unknown())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dropped_tape_leaves_its_buffer_for_the_next() {
        let ty = Type::List(Box::new(Type::Bool));
        let bytes = b"\x93\xc3\xc2\xc3";
        let first = Tape::read(bytes, &ty, &Options::default()).unwrap();
        let buffer = first.nodes.as_ptr();
        assert_eq!(first.root().children().count(), 3);
        drop(first);
        let second = Tape::read(bytes, &ty, &Options::default()).unwrap();
        assert_eq!(second.nodes.as_ptr(), buffer);
        assert_eq!(second.root().children().count(), 3);
    }
}
