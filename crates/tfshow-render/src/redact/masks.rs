//! What the rules make of a unit's masks, remembered for the units that have the same: the
//! masks of a big plan's resources of one type are mostly alike. The masks the rules look at
//! (the members named by the unit's keys) and the resource type's schema are the key; the
//! masks reduced to those members and redacted, and the text of each of those members, the
//! remembered value.
//!
//! The memory is bounded (entries and key size) and is the document's: it goes with it.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use foldhash::fast::RandomState;
use serde_json::Value;

/// Entries remembered at most; past that, the memory starts again.
const ENTRIES: usize = 256;
/// Keys longer than this are not remembered.
const KEY_BYTES: usize = 4096;

/// A unit's masks as the rules make them.
pub(super) struct Masks {
    /// The masks reduced to the members the rules look at, redacted: the mask of a
    /// resource, or an object of a change's masks by their names.
    pub(super) value: Value,
    /// The text of each of those members: (which mask, member name, text). A resource has
    /// one mask (0); a change's are numbered as the caller lists them.
    pub(super) texts: Vec<(usize, String, Vec<u8>)>,
}

impl Masks {
    /// The text of the member `name` of the mask `mask`.
    pub(super) fn text(&self, mask: usize, name: &[u8]) -> Option<&[u8]> {
        (self.texts.iter())
            .find(|(m, n, _)| *m == mask && n.as_bytes() == name)
            .map(|(_, _, t)| &t[..])
    }
}

/// Masks remembered (see the module documentation).
#[derive(Default)]
pub(super) struct MaskCache {
    entries: Mutex<HashMap<Vec<u8>, Arc<Masks>, RandomState>>,
}

impl MaskCache {
    /// The masks of `key`, made by `make` unless remembered. `None` when `make` gives none.
    pub(super) fn get_or(
        cache: Option<&MaskCache>,
        key: &[u8],
        make: impl FnOnce() -> Option<Masks>,
    ) -> Option<Arc<Masks>> {
        let Some(cache) = cache.filter(|_| key.len() <= KEY_BYTES) else {
            return make().map(Arc::new);
        };
        let found = cache.lock().get(key).cloned();
        if let Some(v) = found {
            return Some(v);
        }
        let v = Arc::new(make()?);
        let mut entries = cache.lock();
        if entries.len() >= ENTRIES {
            entries.clear();
        }
        entries.insert(key.to_vec(), Arc::clone(&v));
        Some(v)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<Vec<u8>, Arc<Masks>, RandomState>> {
        self.entries.lock().unwrap_or_else(PoisonError::into_inner)
    }
}
