//! Diffs by name, kept in name order.

use std::borrow::Cow;

/// Values by name, in name order: a sorted vector, as names mostly arrive in order (a block's
/// attributes, a map's keys). Names are borrowed from the schema or the values where they can
/// be.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Named<'a, T>(Vec<(Cow<'a, str>, T)>);

impl<T> Default for Named<'_, T> {
    fn default() -> Self {
        Named(Vec::new())
    }
}

impl<'a, T> Named<'a, T> {
    /// None yet.
    pub(crate) fn new() -> Self {
        Named::default()
    }

    /// None yet, with room for `n`.
    pub(crate) fn with_capacity(n: usize) -> Self {
        Named(Vec::with_capacity(n))
    }

    /// Sets the value of `key`.
    pub(crate) fn insert(&mut self, key: impl Into<Cow<'a, str>>, value: T) {
        let key = key.into();
        if self.0.last().is_none_or(|(last, _)| *last < key) {
            return self.0.push((key, value));
        }
        match self
            .0
            .binary_search_by(|(k, _)| k.as_ref().cmp(key.as_ref()))
        {
            Ok(i) => self.0[i].1 = value,
            Err(i) => self.0.insert(i, (key, value)),
        }
    }

    /// The value of `key`.
    pub(crate) fn get(&self, key: &str) -> Option<&T> {
        self.0
            .binary_search_by(|(k, _)| k.as_ref().cmp(key))
            .ok()
            .map(|i| &self.0[i].1)
    }

    /// The names and values, in name order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (&str, &T)> {
        self.0.iter().map(|(k, v)| (k.as_ref(), v))
    }

    /// The names, in order.
    pub(crate) fn keys(&self) -> impl Iterator<Item = &str> {
        self.0.iter().map(|(k, _)| k.as_ref())
    }

    /// The names and values, to change each value.
    pub(crate) fn into_parts(self) -> impl Iterator<Item = (Cow<'a, str>, T)> {
        self.0.into_iter()
    }

    /// There are none.
    pub(crate) fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl<'n, 'a, T> IntoIterator for &'n Named<'a, T> {
    type Item = (&'n str, &'n T);
    type IntoIter = std::iter::Map<
        std::slice::Iter<'n, (Cow<'a, str>, T)>,
        fn(&'n (Cow<'a, str>, T)) -> (&'n str, &'n T),
    >;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter().map(|(k, v)| (k.as_ref(), v))
    }
}

impl<'a, T> FromIterator<(Cow<'a, str>, T)> for Named<'a, T> {
    fn from_iter<I: IntoIterator<Item = (Cow<'a, str>, T)>>(iter: I) -> Self {
        let mut out = Named::new();
        for (k, v) in iter {
            out.insert(k, v);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::Named;

    #[test]
    fn keeps_names_in_order_and_replaces_repeats() {
        let mut n = Named::new();
        for (k, v) in [("b", 1), ("d", 2), ("a", 3), ("c", 4), ("b", 5)] {
            n.insert(k, v);
        }
        let got: Vec<(&str, i32)> = n.iter().map(|(k, v)| (k, *v)).collect();
        assert_eq!(got, [("a", 3), ("b", 5), ("c", 4), ("d", 2)]);
        assert_eq!(n.get("c"), Some(&4));
        assert_eq!(n.get("e"), None);
    }
}
