//! String normalization: cty keeps every string in Unicode Normalization Form C.

use unicode_normalization::{is_nfc_quick, IsNormalized, UnicodeNormalization};

/// `s` in NFC, as `cty.StringVal` stores it. ASCII and already-normalized text is returned
/// without copying.
pub fn nfc(s: String) -> String {
    if s.is_ascii() || is_nfc_quick(s.chars()) == IsNormalized::Yes {
        return s;
    }
    s.nfc().collect()
}

/// `s` in NFC, borrowed when it already is.
pub fn nfc_cow(s: &str) -> std::borrow::Cow<'_, str> {
    if s.is_ascii() || is_nfc_quick(s.chars()) == IsNormalized::Yes {
        return std::borrow::Cow::Borrowed(s);
    }
    std::borrow::Cow::Owned(s.nfc().collect())
}

/// `s` in NFC, as a [`Str`](crate::Str): inline when short, copied once.
pub fn nfc_str(s: &str) -> crate::Str {
    if s.is_ascii() || is_nfc_quick(s.chars()) == IsNormalized::Yes {
        return s.into();
    }
    s.nfc().collect()
}

#[cfg(test)]
mod tests {
    use super::nfc;

    #[test]
    fn combining_accents_are_composed() {
        assert_eq!(nfc("e\u{301}".into()), "\u{e9}");
        assert_eq!(nfc("plain".into()), "plain");
    }
}
