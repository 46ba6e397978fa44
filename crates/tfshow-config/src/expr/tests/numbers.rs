//! Arithmetic: Go's `big.Float` at 512 bits, printed with `Text('f', -1)`.

use super::{cv, val};

#[test]
fn division_rounds_like_terraform() {
    // Oracle: strings_numbers (map_num.third = 1 / 3).
    assert_eq!(val("1 / 3"), format!("0.{}5", "3".repeat(154)));
    assert_eq!(val("10 / 4"), "2.5");
    assert_eq!(val("1 / 8"), "0.125");
    assert_eq!(val("-1 / 5"), "-0.2");
}

#[test]
fn sums_and_products() {
    // Exact when the binary values are: integers, and sums that round back to the nearest
    // float of the exact result.
    assert_eq!(val("60 * 60 * 24"), "86400");
    assert_eq!(val("0.1 + 0.2"), "0.3");
    assert_eq!(val("2.5 - 0.1"), "2.4");
    assert_eq!(val("98765432109876543210 + 1"), "98765432109876543211");
    assert_eq!(val("\"5\" + 1"), "6");
    // Not exact in binary: Go prints the shortest decimal of the rounded 512-bit result.
    assert_eq!(val("1.1 * 1.1"), format!("1.21{}1", "0".repeat(151)));
    assert_eq!(val("0.3 - 0.1"), format!("0.2{}2", "0".repeat(153)));
}

#[test]
fn modulo_truncates() {
    // cty's Modulo: x - y × trunc(x / y); the sign follows x; `x % 0` is x.
    assert_eq!(val("7 % 3"), "1");
    assert_eq!(val("-7 % 3"), "-1");
    assert_eq!(val("7 % -3"), "1");
    assert_eq!(val("7.5 % 2"), "1.5");
    assert_eq!(val("5 % 0"), "5");
}

#[test]
fn failures_are_unknown() {
    // `0 / 0` fails in cty; `1 / 0` is an infinity, which has no JSON form (see the module
    // documentation); null and non-numbers are refused.
    assert_eq!(cv("0 / 0"), None);
    assert_eq!(cv("1 / 0"), None);
    assert_eq!(cv("null + 1"), None);
    assert_eq!(cv("\"a\" + 1"), None);
    assert_eq!(cv("[1] + 1"), None);
}

#[test]
fn long_literals_round_to_512_bits() {
    // cty.ParseNumberVal keeps 512 bits (about 154 digits): a longer literal prints as the
    // shortest decimal of its rounded value.
    let long = format!("1{}1", "0".repeat(200));
    let got = val(&long);
    assert_eq!(got.len(), long.len());
    assert!(got.starts_with("1000") && got != long, "{got}");
}
