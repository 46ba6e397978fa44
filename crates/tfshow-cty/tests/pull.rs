//! The pull reader, through a tape, reads what the tree decoder decodes, item for item.

use proptest::prelude::*;
use tfshow_cty::arbitrary::{any_type, typed_value};
use tfshow_cty::msgpack::pull::{PullError, PullResult};
use tfshow_cty::msgpack::tape::Tape;
use tfshow_cty::msgpack::{decode, encode, Options};
use tfshow_cty::{Type, Value};

/// The value read through a tape (and so through the pull reader).
fn pull(bytes: &[u8], ty: &Type) -> PullResult<Value> {
    pull_with(bytes, ty, &Options::default())
}

fn pull_with(bytes: &[u8], ty: &Type, opts: &Options) -> PullResult<Value> {
    Ok(Tape::read(bytes, ty, opts)?.root().to_value()?)
}

#[test]
fn keys_out_of_order_are_refused() {
    let t = Type::from_json(br#"["object",{"a":"bool","b":"bool"}]"#).unwrap();
    let sorted = b"\x82\xa1a\xc3\xa1b\xc2";
    let swapped = b"\x82\xa1b\xc2\xa1a\xc3";
    assert_eq!(
        pull(sorted, &t).unwrap(),
        decode(sorted, &t, &Options::default()).unwrap()
    );
    assert_eq!(*pull(swapped, &t).unwrap_err(), PullError::Unordered);
    // The tree decoder sorts them.
    assert_eq!(
        decode(swapped, &t, &Options::default()).unwrap(),
        pull(sorted, &t).unwrap()
    );
    let m = Type::Map(Box::new(Type::Bool));
    assert_eq!(
        *pull(b"\x82\xa1a\xc3\xa1a\xc2", &m).unwrap_err(),
        PullError::Unordered
    );
}

#[test]
fn depth_is_limited_as_the_tree_decoder_limits_it() {
    let t = Type::List(Box::new(Type::List(Box::new(Type::Bool))));
    let bytes = b"\x91\x91\xc3";
    let opts = Options {
        max_depth: 1,
        ..Options::default()
    };
    assert!(decode(bytes, &t, &opts).is_err());
    assert!(pull_with(bytes, &t, &opts).is_err());
}

proptest! {
    #[test]
    fn pulls_what_cty_encodes((t, v) in typed_value()) {
        let bytes = encode(&v, &t).unwrap();
        let tree = decode(&bytes, &t, &Options::default()).unwrap();
        prop_assert_eq!(pull(&bytes, &t).unwrap(), tree.plain());
    }

    #[test]
    fn pulls_nothing_the_tree_decoder_refuses(
        bytes in prop::collection::vec(any::<u8>(), 0..64),
        t in any_type(),
    ) {
        if let Ok(v) = pull(&bytes, &t) {
            let tree = decode(&bytes, &t, &Options::default());
            prop_assert_eq!(tree.map(|t| t.plain()), Ok(v));
        }
    }

    #[test]
    fn pulls_nothing_the_tree_decoder_refuses_in_damaged_values(
        (t, v) in typed_value(),
        at in any::<usize>(),
        byte in any::<u8>(),
    ) {
        let mut bytes = encode(&v, &t).unwrap();
        let at = at % bytes.len();
        bytes[at] = byte;
        if let Ok(v) = pull(&bytes, &t) {
            let tree = decode(&bytes, &t, &Options::default());
            prop_assert_eq!(tree.map(|t| t.plain()), Ok(v));
        }
    }
}
