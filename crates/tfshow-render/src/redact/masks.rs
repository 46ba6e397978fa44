//! What the rules make of a unit's masks, remembered for the units that have the same: the
//! masks of a big plan's resources of one type are mostly alike. The masks the rules look at
//! (the members named by the unit's keys) and the resource type's schema are the key; the
//! masks reduced to those members and redacted, the remembered value.
//!
//! The memory is bounded (entries and key size) and is the document's: it goes with it.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use serde_json::Value;

/// Entries remembered at most; past that, the memory starts again.
const ENTRIES: usize = 256;
/// Keys longer than this are not remembered.
const KEY_BYTES: usize = 4096;

/// Masks remembered (see the module documentation).
#[derive(Default)]
pub(super) struct MaskCache {
    entries: Mutex<HashMap<Vec<u8>, Arc<Value>>>,
}

impl MaskCache {
    /// The masks of `key`, made by `make` unless remembered. `None` when `make` gives none.
    pub(super) fn get_or(
        cache: Option<&MaskCache>,
        key: &[u8],
        make: impl FnOnce() -> Option<Value>,
    ) -> Option<Arc<Value>> {
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

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<Vec<u8>, Arc<Value>>> {
        self.entries.lock().unwrap_or_else(PoisonError::into_inner)
    }
}
