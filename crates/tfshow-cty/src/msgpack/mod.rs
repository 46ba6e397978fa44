//! The msgpack encoding of cty values, used for every `DynamicValue` in a plan file.
//!
//! Decoding is type-directed ([`decode`]): the same bytes mean different things under different
//! types. Without a type ([`decode_untyped`]) arrays become tuples, maps become objects, and
//! numbers that cty wrote as strings stay strings (see the known-divergences list).

mod decode;
mod encode;
pub mod pull;
mod reader;
pub mod tape;

pub use decode::{check, decode, decode_untyped, DecodeError, DecodeErrorKind, Options};
pub use encode::{encode, EncodeError};

/// msgpack extension type of a refined unknown value.
const REFINED_UNKNOWN_EXT: i8 = 0x0c;
/// Refinement payloads longer than this are refused, as cty does.
const MAX_REFINEMENT_LEN: usize = 1024;
