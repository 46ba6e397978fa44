//! Values stored in the flat map form of Terraform 0.11 states (`attributes_flat`:
//! `{"id": "x", "tags.%": "1", "tags.a": "b", "list.#": "2", "list.0": …}`), read with a type
//! as Terraform's flatmap shim reads them: a missing entry is null, a `#` (list, set, tuple)
//! or `%` (map) count entry says the collection exists, primitives convert from their text.

use std::collections::BTreeMap;

use crate::convert::convert;
use crate::set::{dedup, sort_elements};
use crate::{Type, UnknownShape, Value};

/// The text Terraform 0.11 stored for a value not known yet.
const UNKNOWN: &str = "74D93920-ED26-11E3-AC10-0800200C9A66";

/// A flat map that does not hold a value of the type.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("attributes_flat {key:?}: {message}")]
pub struct FlatmapError {
    /// The flat key where decoding failed.
    pub key: String,
    /// What is wrong there.
    pub message: String,
}

/// Reads the object of type `ty` (an object type) stored in `m`.
pub fn from_flatmap(m: &BTreeMap<String, String>, ty: &Type) -> Result<Value, FlatmapError> {
    let Type::Object(attrs, _) = ty else {
        return Err(error("", "the type is not an object type"));
    };
    Reader { m }.object("", attrs)
}

fn error(key: &str, message: impl Into<String>) -> FlatmapError {
    FlatmapError {
        key: key.to_owned(),
        message: message.into(),
    }
}

struct Reader<'m> {
    m: &'m BTreeMap<String, String>,
}

impl Reader<'_> {
    fn get(&self, key: &str) -> Option<&str> {
        self.m.get(key).map(String::as_str)
    }

    /// The keys that start with `prefix`, in order.
    fn keys_under<'k>(&'k self, prefix: &'k str) -> impl Iterator<Item = &'k str> {
        self.m
            .range::<str, _>((
                std::ops::Bound::Included(prefix),
                std::ops::Bound::Unbounded,
            ))
            .map(|(k, _)| k.as_str())
            .take_while(move |k| k.starts_with(prefix))
    }

    fn value(&self, key: &str, ty: &Type) -> Result<Value, FlatmapError> {
        match ty {
            Type::String | Type::Number | Type::Bool => self.primitive(key, ty),
            Type::Object(attrs, _) => self.object(&format!("{key}."), attrs),
            Type::Tuple(types) => self.tuple(&format!("{key}."), types),
            Type::Map(e) => self.map(&format!("{key}."), e),
            Type::List(e) => self.list(&format!("{key}."), e),
            Type::Set(e) => self.set(&format!("{key}."), e),
            Type::Dynamic => Err(error(key, "a dynamic value cannot be stored flat")),
        }
    }

    fn primitive(&self, key: &str, ty: &Type) -> Result<Value, FlatmapError> {
        match self.get(key) {
            None => Ok(Value::Null),
            Some(UNKNOWN) => Ok(Value::unknown(UnknownShape::of(ty))),
            Some(text) => convert(&Value::String(text.into()), ty)
                .map_err(|e| error(key, format!("invalid value in state: {e}"))),
        }
    }

    fn object(&self, prefix: &str, attrs: &[(String, Type)]) -> Result<Value, FlatmapError> {
        let items = attrs
            .iter()
            .map(|(name, t)| {
                Ok((
                    name.as_str().into(),
                    self.value(&format!("{prefix}{name}"), t)?,
                ))
            })
            .collect::<Result<_, FlatmapError>>()?;
        Ok(Value::Object(items))
    }

    /// The count entry (`#` or `%`) of the collection at `prefix`: `Ok(None)` when the
    /// collection is null, `Err(unknown)` when it is not known.
    fn count(&self, prefix: &str, marker: &str) -> Result<Option<&str>, ()> {
        if self.get(prefix.trim_end_matches('.')) == Some(UNKNOWN) {
            return Err(());
        }
        match self.get(&format!("{prefix}{marker}")) {
            Some(UNKNOWN) => Err(()),
            other => Ok(other),
        }
    }

    /// A `#` count as a number of elements; no more than the map has entries.
    fn length(&self, prefix: &str, text: &str) -> Result<usize, FlatmapError> {
        let n: usize = text
            .strip_prefix('+')
            .unwrap_or(text)
            .parse()
            .map_err(|_| error(prefix, format!("invalid count value {text:?} in state")))?;
        if n > self.m.len() {
            return Err(error(prefix, format!("count {n} is more than the entries")));
        }
        Ok(n)
    }

    fn tuple(&self, prefix: &str, types: &[Type]) -> Result<Value, FlatmapError> {
        let text = match self.count(prefix, "#") {
            Err(()) => {
                return Ok(Value::unknown(UnknownShape::of(&Type::Tuple(
                    types.to_vec(),
                ))))
            }
            Ok(None) => return Ok(Value::Null),
            Ok(Some(t)) => t,
        };
        let n = self.length(prefix, text)?;
        if n != types.len() {
            return Err(error(
                prefix,
                format!("wrong number of values: got {n}, but need {}", types.len()),
            ));
        }
        let items = types
            .iter()
            .enumerate()
            .map(|(i, t)| self.value(&format!("{prefix}{i}"), t))
            .collect::<Result<_, _>>()?;
        Ok(Value::Tuple(items))
    }

    fn map(&self, prefix: &str, e: &Type) -> Result<Value, FlatmapError> {
        match self.count(prefix, "%") {
            Err(()) => {
                return Ok(Value::unknown(UnknownShape::of(&Type::Map(Box::new(
                    e.clone(),
                )))))
            }
            Ok(None) => return Ok(Value::Null),
            Ok(Some(_)) => {}
        }
        // The rest of each key, dots and all, is the map key.
        let mut items = Vec::new();
        for full in self.keys_under(prefix) {
            let key = &full[prefix.len()..];
            if key != "%" {
                items.push((key.into(), self.value(full, e)?));
            }
        }
        Ok(Value::Map(items))
    }

    fn list(&self, prefix: &str, e: &Type) -> Result<Value, FlatmapError> {
        let text = match self.count(prefix, "#") {
            Err(()) => {
                return Ok(Value::unknown(UnknownShape::of(&Type::List(Box::new(
                    e.clone(),
                )))))
            }
            Ok(None) => return Ok(Value::Null),
            Ok(Some(t)) => t,
        };
        let n = self.length(prefix, text)?;
        let items = (0..n)
            .map(|i| self.value(&format!("{prefix}{i}"), e))
            .collect::<Result<_, _>>()?;
        Ok(Value::List(items))
    }

    fn set(&self, prefix: &str, e: &Type) -> Result<Value, FlatmapError> {
        let text = match self.count(prefix, "#") {
            Err(()) => {
                return Ok(Value::unknown(UnknownShape::of(&Type::Set(Box::new(
                    e.clone(),
                )))))
            }
            Ok(None) => return Ok(Value::Null),
            Ok(Some(t)) => t,
        };
        // Each element is stored under its own key (a hash), up to the next dot.
        let mut element_keys: Vec<&str> = Vec::new();
        for full in self.keys_under(prefix) {
            let rest = &full[prefix.len()..];
            if rest == "#" {
                continue;
            }
            let key = match rest.find('.') {
                Some(dot) => &full[..prefix.len() + dot],
                None => full,
            };
            if element_keys.last() != Some(&key) && !element_keys.contains(&key) {
                element_keys.push(key);
            }
        }
        let mut items = element_keys
            .into_iter()
            .map(|k| self.value(k, e))
            .collect::<Result<Vec<_>, _>>()?;
        if items.is_empty() && text == "1" {
            // A set holding one empty element stores no key for it.
            items.push(match e {
                Type::Map(_) => Value::Map(Vec::new()),
                Type::List(_) => Value::List(Vec::new()),
                Type::Set(_) => Value::Set(Vec::new()),
                Type::Object(attrs, _) => Value::Object(
                    attrs
                        .iter()
                        .map(|(n, _)| (n.as_str().into(), Value::Null))
                        .collect(),
                ),
                _ => Value::Null,
            });
        }
        dedup(&mut items);
        sort_elements(&mut items);
        Ok(Value::Set(items))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Number;

    fn flat(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect()
    }

    fn s(v: &str) -> Value {
        Value::String(v.into())
    }

    fn n(t: &str) -> Value {
        Value::Number(Number::parse(t).unwrap())
    }

    fn object(attrs: &[(&str, Type)]) -> Type {
        Type::Object(
            {
                let mut a: Vec<(String, Type)> = attrs
                    .iter()
                    .map(|(n, t)| ((*n).to_owned(), t.clone()))
                    .collect();
                a.sort_by(|x, y| x.0.cmp(&y.0));
                a
            },
            Vec::new(),
        )
    }

    /// Cases of Terraform's own tests of its flatmap shim (`TestHCL2ValueFromFlatmap`) with the
    /// values they expect.
    #[test]
    fn reads_terraforms_cases() {
        let bool_list = || Type::List(Box::new(Type::Bool));
        /// Flat entries, the type read, the value Terraform expects.
        type Case = (Vec<(&'static str, &'static str)>, Type, Value);
        let cases: Vec<Case> = vec![
            (
                vec![
                    ("foo", "blah"),
                    ("bar", "true"),
                    ("baz", "12.5"),
                    ("unk", UNKNOWN),
                    ("ignored", "foo"),
                ],
                object(&[
                    ("foo", Type::String),
                    ("bar", Type::Bool),
                    ("baz", Type::Number),
                    ("unk", Type::Bool),
                ]),
                Value::Object(vec![
                    ("bar".into(), Value::Bool(true)),
                    ("baz".into(), n("12.5")),
                    ("foo".into(), s("blah")),
                    ("unk".into(), Value::unknown(UnknownShape::of(&Type::Bool))),
                ]),
            ),
            (
                vec![
                    ("foo.#", "2"),
                    ("foo.0", "true"),
                    ("foo.1", "false"),
                    ("foo.2", "x"),
                ],
                object(&[("foo", bool_list())]),
                Value::Object(vec![(
                    "foo".into(),
                    Value::List(vec![Value::Bool(true), Value::Bool(false)]),
                )]),
            ),
            (
                vec![
                    ("foo.#", "1"),
                    ("foo.24534534", "true"),
                    ("foo.95645644", "true"),
                    ("foo.34533452", "false"),
                ],
                object(&[("foo", Type::Set(Box::new(Type::Bool)))]),
                Value::Object(vec![(
                    "foo".into(),
                    Value::Set(vec![Value::Bool(false), Value::Bool(true)]),
                )]),
            ),
            (
                vec![
                    ("foo.%", "2"),
                    ("foo.baz", "true"),
                    ("foo.bar.baz", "false"),
                ],
                object(&[("foo", Type::Map(Box::new(Type::Bool)))]),
                Value::Object(vec![(
                    "foo".into(),
                    Value::Map(vec![
                        ("bar.baz".into(), Value::Bool(false)),
                        ("baz".into(), Value::Bool(true)),
                    ]),
                )]),
            ),
            (
                vec![
                    ("foo.#", "2"),
                    ("foo.0.bar", "hello"),
                    ("foo.0.baz", "1"),
                    ("foo.1.bar", "world"),
                    ("foo.1.baz", "false"),
                ],
                object(&[(
                    "foo",
                    Type::List(Box::new(object(&[
                        ("bar", Type::String),
                        ("baz", Type::Bool),
                    ]))),
                )]),
                Value::Object(vec![(
                    "foo".into(),
                    Value::List(vec![
                        Value::Object(vec![
                            ("bar".into(), s("hello")),
                            ("baz".into(), Value::Bool(true)),
                        ]),
                        Value::Object(vec![
                            ("bar".into(), s("world")),
                            ("baz".into(), Value::Bool(false)),
                        ]),
                    ]),
                )]),
            ),
            (
                vec![("foo.#", "0")],
                object(&[
                    ("foo", Type::Set(Box::new(Type::String))),
                    ("bar", Type::String),
                ]),
                Value::Object(vec![
                    ("bar".into(), Value::Null),
                    ("foo".into(), Value::Set(Vec::new())),
                ]),
            ),
        ];
        for (m, ty, want) in cases {
            assert_eq!(from_flatmap(&flat(&m), &ty).unwrap(), want, "{m:?}");
        }
    }

    #[test]
    fn nested_blocks_and_one_empty_set_element() {
        let block = Type::Object(vec![("name".into(), Type::String)], Vec::new());
        let ty = Type::Object(
            vec![
                ("disk".into(), Type::List(Box::new(block.clone()))),
                ("rule".into(), Type::Set(Box::new(block))),
            ],
            Vec::new(),
        );
        let m = flat(&[("disk.#", "1"), ("disk.0.name", "root"), ("rule.#", "1")]);
        let v = from_flatmap(&m, &ty).unwrap();
        let obj = |v: Value| Value::Object(vec![("name".into(), v)]);
        assert_eq!(
            v,
            Value::Object(vec![
                ("disk".into(), Value::List(vec![obj(s("root"))])),
                ("rule".into(), Value::Set(vec![obj(Value::Null)])),
            ])
        );
    }

    #[test]
    fn bad_input_is_an_error_not_a_panic() {
        let ty = Type::Object(
            vec![("l".into(), Type::List(Box::new(Type::String)))],
            Vec::new(),
        );
        for count in ["-1", "99999999999", "x", "4"] {
            let m = flat(&[("l.#", count), ("l.0", "a")]);
            let e = from_flatmap(&m, &ty).unwrap_err();
            assert!(e.to_string().contains("l."), "{e}");
        }
        let num = Type::Object(vec![("n".into(), Type::Number)], Vec::new());
        assert!(from_flatmap(&flat(&[("n", "twelve")]), &num).is_err());
    }
}
