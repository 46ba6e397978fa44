//! A value read once into a flat list of items ([`Tape`]), to be walked as often as needed:
//! no allocation per item, strings and keys borrowed from the bytes.

use super::decode::Options;
use super::pull::{Item, Pull, PullResult};
use crate::Type;

/// The items of one msgpack value in reading order, each collection followed by its
/// elements. Read with [`Pull`], so it holds what [`decode`](super::decode) would decode,
/// minus what `Pull` refuses.
#[derive(Debug, Default)]
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

impl<'a> Tape<'a> {
    /// Reads one value of type `ty` from `bytes`.
    pub fn read(bytes: &'a [u8], ty: &Type, opts: &Options) -> PullResult<Tape<'a>> {
        let mut tape = Tape {
            nodes: Vec::with_capacity(64),
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

    /// Whether this or anything in it is unknown.
    pub fn has_unknown(&self) -> bool {
        let end = self.nodes[self.i].end;
        self.nodes[self.i..end].iter().any(|n| n.item.is_unknown())
    }
}
