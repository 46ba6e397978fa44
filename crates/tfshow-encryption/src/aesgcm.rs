//! The `aes_gcm` method: AES-GCM with a 12-byte nonce in front of the ciphertext and a
//! 16-byte tag after it, as Go's `crypto/cipher` writes it.

use aes_gcm::aead::consts::U12;
use aes_gcm::aead::{Aead, KeyInit, Payload};
use aes_gcm::aes::{Aes128, Aes192, Aes256};
use aes_gcm::{AesGcm, Nonce};

/// The key lengths AES-GCM takes: AES-128, AES-192, AES-256.
pub const KEY_LENGTHS: [usize; 3] = [16, 24, 32];

/// The nonce length.
const NONCE_LENGTH: usize = 12;

/// Why a decryption failed (safe to show: no key or data in it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Failure {
    /// No data.
    Empty,
    /// Shorter than a nonce.
    TooShort,
    /// The tag does not match: wrong key, wrong AAD or damaged data.
    Authentication,
}

impl Failure {
    pub(crate) fn text(self) -> &'static str {
        match self {
            Failure::Empty => "cannot decrypt empty data",
            Failure::TooShort => "the data is too short (likely damaged)",
            Failure::Authentication => "message authentication failed (wrong key, or damaged file)",
        }
    }
}

/// Decrypts `data` (nonce || ciphertext || tag) with `key` (one of [`KEY_LENGTHS`]) and
/// `aad`.
pub(crate) fn decrypt(key: &[u8], aad: &[u8], data: &[u8]) -> Result<Vec<u8>, Failure> {
    if data.is_empty() {
        return Err(Failure::Empty);
    }
    let (nonce, ciphertext) = data
        .split_at_checked(NONCE_LENGTH)
        .ok_or(Failure::TooShort)?;
    let nonce = Nonce::<U12>::from_slice(nonce);
    let payload = Payload {
        msg: ciphertext,
        aad,
    };
    let plain = match key.len() {
        16 => open::<AesGcm<Aes128, U12>>(key, nonce, payload),
        24 => open::<AesGcm<Aes192, U12>>(key, nonce, payload),
        32 => open::<AesGcm<Aes256, U12>>(key, nonce, payload),
        _ => None,
    };
    plain.ok_or(Failure::Authentication)
}

fn open<A: KeyInit + Aead<NonceSize = U12>>(
    key: &[u8],
    nonce: &Nonce<U12>,
    payload: Payload<'_, '_>,
) -> Option<Vec<u8>> {
    A::new_from_slice(key).ok()?.decrypt(nonce, payload).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// NIST GCM test vector (gcmDecrypt128, Count 0 with a 128-bit tag and no AAD): key of
    /// zeros, nonce of zeros, empty plaintext, tag 58e2fccefa7e3061367f1d57a4e7455a.
    #[test]
    fn decrypts_a_known_vector_and_refuses_tampering() {
        let key = [0u8; 16];
        let mut data = vec![0u8; 12];
        data.extend(hex("58e2fccefa7e3061367f1d57a4e7455a"));
        assert_eq!(decrypt(&key, b"", &data), Ok(Vec::new()));
        assert_eq!(decrypt(&key, b"x", &data), Err(Failure::Authentication));
        data[14] ^= 1;
        assert_eq!(decrypt(&key, b"", &data), Err(Failure::Authentication));
        assert_eq!(decrypt(&key, b"", b""), Err(Failure::Empty));
        assert_eq!(decrypt(&key, b"", b"short"), Err(Failure::TooShort));
        assert_eq!(
            decrypt(&[0; 20], b"", &[0; 40]),
            Err(Failure::Authentication)
        );
    }

    fn hex(s: &str) -> Vec<u8> {
        (0..s.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
            .collect()
    }
}
