//! Any bytes as a `-json` UI stream: the reader, then for each message its Terraform and
//! OpenTofu encodings, which must parse again and encode to the same text (stable).
//! Seeds: the oracle's plan-ui.jsonl and apply-ui.jsonl streams.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tfshow_ui::{Flavor, Message, Reader};

fuzz_target!(|data: &[u8]| {
    for item in Reader::with_max_line(data, 1 << 16) {
        match item {
            Ok(m) => {
                let _ = Message::peek_message(m.as_json());
                for flavor in [Flavor::TERRAFORM, Flavor::OPENTOFU] {
                    let e1 = m.encode(flavor);
                    let m2 = Message::parse(&e1).expect("an encoded message parses");
                    let e2 = m2.encode(flavor);
                    assert_eq!(e1, e2, "encoding is not stable");
                }
            }
            Err(e) => {
                if let Some(t) = &e.text {
                    let _ = Message::peek_message(t);
                }
            }
        }
    }
});
