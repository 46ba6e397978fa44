//! A compact binary form of one provider's schema model, for caches: it loads several times
//! faster than the `providers schema -json` document it came from (no JSON to tokenise, no
//! descriptions, types already parsed).
//!
//! The form holds what [`ProviderSchema`] holds; implied types and [`Sensitivity`] are
//! worked out again when it is read, so they always agree with the blocks. Reading checks
//! everything: lengths against the bytes left, nesting depth, names sorted and unique, valid
//! UTF-8, no bytes left over; a bad input is an error, never a panic.
//!
//! Layout (integers are LEB128 varints, strings a varint length and UTF-8 bytes):
//!
//! ```text
//! provider   := opt(schema) map(schema) map(schema) map(identity) map(schema)
//!                resources, data sources, identities, ephemeral resources
//! schema     := version block
//! block      := count (name attribute)* count (name nested_block)*
//! attribute  := flags (nested_type | type)                        flags bit 5: nested
//! nested_type:= nesting count (name attribute)*
//! nested_block := nesting min max block
//! identity   := version type
//! type       := tag …                                              0 string 1 number 2 bool 3 dynamic
//!               4 list T, 5 set T, 6 map T, 7 object count (name T)* count name*, 8 tuple count T*
//! ```

use std::collections::HashMap;

use tfshow_cty::Type;

use crate::block::{Attribute, Block, NestedBlock, NestedType, Nesting};
use crate::{IdentitySchema, ProviderSchema, Schema, Sensitivity};

/// Blocks and nested types nest at most this deep (as in the JSON reader).
const MAX_BLOCK_DEPTH: usize = 32;

/// The binary form could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("schema binary form: {0} (at byte {1})")]
pub struct BinaryError(pub &'static str, pub usize);

impl ProviderSchema {
    /// The compact binary form of this schema, for caches: it loads several times faster than
    /// the JSON it came from, and [`ProviderSchema::from_binary`] reads it back, checking all of
    /// it.
    pub fn to_binary(&self) -> Vec<u8> {
        let mut out = Vec::new();
        match &self.provider {
            None => out.push(0),
            Some(s) => {
                out.push(1);
                put_schema(&mut out, s);
            }
        }
        put_schema_map(&mut out, &self.resources);
        put_schema_map(&mut out, &self.data_sources);
        let mut names: Vec<&String> = self.identities.keys().collect();
        names.sort();
        put_len(&mut out, names.len());
        for name in names {
            let id = &self.identities[name];
            put_str(&mut out, name);
            put_varint(&mut out, id.version);
            put_type(&mut out, &id.implied_type);
        }
        put_schema_map(&mut out, &self.ephemeral_resources);
        out
    }

    /// Reads the form [`ProviderSchema::to_binary`] writes.
    pub fn from_binary(bytes: &[u8]) -> Result<ProviderSchema, BinaryError> {
        let mut r = Reader { bytes, pos: 0 };
        let provider = match r.byte()? {
            0 => None,
            1 => Some(r.schema()?),
            _ => return Err(r.err("bad provider tag")),
        };
        let resources = r.schema_map()?;
        let data_sources = r.schema_map()?;
        let n = r.count()?;
        let mut identities = HashMap::with_capacity(n);
        let mut last: Option<String> = None;
        for _ in 0..n {
            let name = r.string()?;
            r.check_order(&last, &name)?;
            let version = r.varint()?;
            let implied_type = r.ty(0)?;
            last = Some(name.clone());
            identities.insert(
                name,
                IdentitySchema {
                    version,
                    implied_type,
                },
            );
        }
        let ephemeral_resources = r.schema_map()?;
        if r.pos != bytes.len() {
            return Err(r.err("bytes left over"));
        }
        Ok(ProviderSchema {
            provider,
            resources,
            data_sources,
            identities,
            ephemeral_resources,
        })
    }
}

/// Writes a map of schemas, sorted by name.
fn put_schema_map(out: &mut Vec<u8>, map: &HashMap<String, Schema>) {
    let mut names: Vec<(&String, &Schema)> = map.iter().collect();
    names.sort_by(|a, b| a.0.cmp(b.0));
    put_len(out, names.len());
    for (name, schema) in names {
        put_str(out, name);
        put_schema(out, schema);
    }
}

fn put_varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

fn put_len(out: &mut Vec<u8>, n: usize) {
    put_varint(out, n as u64);
}

fn put_str(out: &mut Vec<u8>, s: &str) {
    put_len(out, s.len());
    out.extend_from_slice(s.as_bytes());
}

fn nesting_byte(n: Nesting) -> u8 {
    match n {
        Nesting::Single => 0,
        Nesting::Group => 1,
        Nesting::List => 2,
        Nesting::Set => 3,
        Nesting::Map => 4,
    }
}

fn put_schema(out: &mut Vec<u8>, s: &Schema) {
    put_varint(out, s.version);
    put_block(out, &s.block);
}

fn put_block(out: &mut Vec<u8>, b: &Block) {
    put_attributes(out, &b.attributes);
    put_len(out, b.block_types.len());
    for (name, nb) in &b.block_types {
        put_str(out, name);
        out.push(nesting_byte(nb.nesting));
        put_varint(out, nb.min_items);
        put_varint(out, nb.max_items);
        put_block(out, &nb.block);
    }
}

fn put_attributes(out: &mut Vec<u8>, attrs: &[(String, Attribute)]) {
    put_len(out, attrs.len());
    for (name, a) in attrs {
        put_str(out, name);
        let flags = u8::from(a.required)
            | u8::from(a.optional) << 1
            | u8::from(a.computed) << 2
            | u8::from(a.sensitive) << 3
            | u8::from(a.write_only) << 4
            | u8::from(a.nested.is_some()) << 5;
        out.push(flags);
        match &a.nested {
            Some(nt) => {
                out.push(nesting_byte(nt.nesting));
                put_attributes(out, &nt.attributes);
            }
            None => put_type(out, &a.ty),
        }
    }
}

fn put_type(out: &mut Vec<u8>, t: &Type) {
    match t {
        Type::String => out.push(0),
        Type::Number => out.push(1),
        Type::Bool => out.push(2),
        Type::Dynamic => out.push(3),
        Type::List(e) => {
            out.push(4);
            put_type(out, e);
        }
        Type::Set(e) => {
            out.push(5);
            put_type(out, e);
        }
        Type::Map(e) => {
            out.push(6);
            put_type(out, e);
        }
        Type::Object(attrs, optional) => {
            out.push(7);
            put_len(out, attrs.len());
            for (name, t) in attrs {
                put_str(out, name);
                put_type(out, t);
            }
            put_len(out, optional.len());
            for name in optional {
                put_str(out, name);
            }
        }
        Type::Tuple(elems) => {
            out.push(8);
            put_len(out, elems.len());
            for t in elems {
                put_type(out, t);
            }
        }
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl Reader<'_> {
    fn err(&self, what: &'static str) -> BinaryError {
        BinaryError(what, self.pos)
    }

    fn byte(&mut self) -> Result<u8, BinaryError> {
        let b = *self.bytes.get(self.pos).ok_or(self.err("truncated"))?;
        self.pos += 1;
        Ok(b)
    }

    fn varint(&mut self) -> Result<u64, BinaryError> {
        let mut v = 0u64;
        for shift in (0..64).step_by(7) {
            let b = self.byte()?;
            v |= u64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                if shift == 63 && b > 1 {
                    return Err(self.err("varint overflows"));
                }
                return Ok(v);
            }
        }
        Err(self.err("varint too long"))
    }

    /// A count of items, each at least one byte: never more than the bytes left.
    fn count(&mut self) -> Result<usize, BinaryError> {
        let n = self.varint()?;
        if n > (self.bytes.len() - self.pos) as u64 {
            return Err(self.err("count larger than the input"));
        }
        Ok(n as usize)
    }

    fn string(&mut self) -> Result<String, BinaryError> {
        let n = self.count()?;
        let s = std::str::from_utf8(&self.bytes[self.pos..self.pos + n])
            .map_err(|_| self.err("string is not UTF-8"))?;
        self.pos += n;
        Ok(s.to_owned())
    }

    fn check_order(&self, last: &Option<String>, name: &str) -> Result<(), BinaryError> {
        match last {
            Some(l) if l.as_str() >= name => Err(self.err("names out of order")),
            _ => Ok(()),
        }
    }

    fn nesting(&mut self) -> Result<Nesting, BinaryError> {
        Ok(match self.byte()? {
            0 => Nesting::Single,
            1 => Nesting::Group,
            2 => Nesting::List,
            3 => Nesting::Set,
            4 => Nesting::Map,
            _ => return Err(self.err("bad nesting mode")),
        })
    }

    fn schema_map(&mut self) -> Result<HashMap<String, Schema>, BinaryError> {
        let n = self.count()?;
        let mut out = HashMap::with_capacity(n);
        let mut last: Option<String> = None;
        for _ in 0..n {
            let name = self.string()?;
            self.check_order(&last, &name)?;
            let s = self.schema()?;
            last = Some(name.clone());
            out.insert(name, s);
        }
        Ok(out)
    }

    fn schema(&mut self) -> Result<Schema, BinaryError> {
        let version = self.varint()?;
        let block = self.block(0)?;
        let implied_type = block.implied_type();
        let sensitivity = Sensitivity::of(&block);
        Ok(Schema {
            version,
            block,
            implied_type,
            sensitivity,
        })
    }

    fn block(&mut self, depth: usize) -> Result<Block, BinaryError> {
        if depth > MAX_BLOCK_DEPTH {
            return Err(self.err("blocks nested too deeply"));
        }
        let attributes = self.attributes(depth)?;
        let n = self.count()?;
        let mut block_types: Vec<(String, NestedBlock)> = Vec::with_capacity(n);
        for _ in 0..n {
            let name = self.string()?;
            if block_types
                .last()
                .is_some_and(|(l, _)| l.as_str() >= name.as_str())
            {
                return Err(self.err("names out of order"));
            }
            let nesting = self.nesting()?;
            let min_items = self.varint()?;
            let max_items = self.varint()?;
            let block = self.block(depth + 1)?;
            block_types.push((
                name,
                NestedBlock {
                    block,
                    nesting,
                    min_items,
                    max_items,
                },
            ));
        }
        Ok(Block {
            attributes,
            block_types,
        })
    }

    fn attributes(&mut self, depth: usize) -> Result<Vec<(String, Attribute)>, BinaryError> {
        let n = self.count()?;
        let mut out: Vec<(String, Attribute)> = Vec::with_capacity(n);
        for _ in 0..n {
            let name = self.string()?;
            if out.last().is_some_and(|(l, _)| l.as_str() >= name.as_str()) {
                return Err(self.err("names out of order"));
            }
            let flags = self.byte()?;
            if flags >> 6 != 0 {
                return Err(self.err("bad attribute flags"));
            }
            let (ty, nested) = if flags & 1 << 5 != 0 {
                if depth > MAX_BLOCK_DEPTH {
                    return Err(self.err("nested types nested too deeply"));
                }
                let nesting = self.nesting()?;
                let nested = NestedType {
                    attributes: self.attributes(depth + 1)?,
                    nesting,
                };
                (nested.implied_type(), Some(nested))
            } else {
                (self.ty(0)?, None)
            };
            out.push((
                name,
                Attribute {
                    ty,
                    nested,
                    required: flags & 1 != 0,
                    optional: flags & 1 << 1 != 0,
                    computed: flags & 1 << 2 != 0,
                    sensitive: flags & 1 << 3 != 0,
                    write_only: flags & 1 << 4 != 0,
                },
            ));
        }
        Ok(out)
    }

    fn ty(&mut self, depth: usize) -> Result<Type, BinaryError> {
        if depth > tfshow_cty::types::MAX_TYPE_DEPTH {
            return Err(self.err("type nested too deeply"));
        }
        Ok(match self.byte()? {
            0 => Type::String,
            1 => Type::Number,
            2 => Type::Bool,
            3 => Type::Dynamic,
            4 => Type::List(Box::new(self.ty(depth + 1)?)),
            5 => Type::Set(Box::new(self.ty(depth + 1)?)),
            6 => Type::Map(Box::new(self.ty(depth + 1)?)),
            7 => {
                let n = self.count()?;
                let mut attrs: Vec<(String, Type)> = Vec::with_capacity(n);
                for _ in 0..n {
                    let name = self.string()?;
                    if attrs
                        .last()
                        .is_some_and(|(l, _)| l.as_str() >= name.as_str())
                    {
                        return Err(self.err("names out of order"));
                    }
                    let t = self.ty(depth + 1)?;
                    attrs.push((name, t));
                }
                let n = self.count()?;
                let mut optional = Vec::with_capacity(n);
                for _ in 0..n {
                    optional.push(self.string()?);
                }
                Type::Object(attrs, optional)
            }
            8 => {
                let n = self.count()?;
                let mut elems = Vec::with_capacity(n);
                for _ in 0..n {
                    elems.push(self.ty(depth + 1)?);
                }
                Type::Tuple(elems)
            }
            _ => return Err(self.err("bad type tag")),
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::Schemas;

    /// Every real schemas document in the repository survives the round trip unchanged.
    #[test]
    fn real_schemas_round_trip() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/oracle");
        let mut seen = 0;
        let mut stack = vec![root];
        while let Some(dir) = stack.pop() {
            for e in std::fs::read_dir(&dir).unwrap().flatten() {
                let p = e.path();
                if p.is_dir() {
                    stack.push(p);
                } else if p.file_name().is_some_and(|n| n == "schemas.json") {
                    let Ok(s) = Schemas::from_json(&std::fs::read(&p).unwrap()) else {
                        continue;
                    };
                    for (addr, ps) in &s.providers {
                        let bin = ps.to_binary();
                        let back = super::ProviderSchema::from_binary(&bin)
                            .unwrap_or_else(|e| panic!("{}: {addr}: {e}", p.display()));
                        assert_eq!(format!("{back:?}").len(), format!("{ps:?}").len());
                        assert_eq!(back.to_binary(), bin, "{}: {addr}", p.display());
                        for (name, r) in &ps.resources {
                            let b = &back.resources[name];
                            assert_eq!(b.implied_type, r.implied_type);
                            assert_eq!(b.sensitivity, r.sensitivity);
                            assert_eq!(b.version, r.version);
                        }
                        seen += 1;
                    }
                }
            }
        }
        assert!(seen > 100, "only {seen} provider schemas found");
    }

    /// Truncated and bit-flipped forms are refused or read, never a panic.
    #[test]
    fn damaged_forms_never_panic() {
        let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../testdata/oracle/scenarios/null_provider/tf-1.15.5/schemas.json");
        let s = Schemas::from_json(&std::fs::read(p).unwrap()).unwrap();
        let bin = s.providers.values().next().unwrap().to_binary();
        for cut in 0..bin.len() {
            assert!(super::ProviderSchema::from_binary(&bin[..cut]).is_err());
        }
        for i in 0..bin.len() {
            for bit in 0..8 {
                let mut b = bin.clone();
                b[i] ^= 1 << bit;
                let _ = super::ProviderSchema::from_binary(&b);
            }
        }
        let mut long = bin.clone();
        long.push(0);
        assert!(super::ProviderSchema::from_binary(&long).is_err());
    }
}
