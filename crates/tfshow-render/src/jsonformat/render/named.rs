//! Diffs by name, kept in name order.

/// Values by name, in name order: a sorted vector, as names mostly arrive in order (a block's
/// attributes, a map's keys).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Named<T>(Vec<(String, T)>);

impl<T> Default for Named<T> {
    fn default() -> Self {
        Named(Vec::new())
    }
}

impl<T> Named<T> {
    /// None yet.
    pub(crate) fn new() -> Self {
        Named::default()
    }

    /// Sets the value of `key`.
    pub(crate) fn insert(&mut self, key: String, value: T) {
        if self.0.last().is_none_or(|(last, _)| *last < key) {
            return self.0.push((key, value));
        }
        match self.0.binary_search_by(|(k, _)| k.as_str().cmp(&key)) {
            Ok(i) => self.0[i].1 = value,
            Err(i) => self.0.insert(i, (key, value)),
        }
    }

    /// The value of `key`.
    pub(crate) fn get(&self, key: &str) -> Option<&T> {
        self.0
            .binary_search_by(|(k, _)| k.as_str().cmp(key))
            .ok()
            .map(|i| &self.0[i].1)
    }

    /// The names and values, in name order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (&String, &T)> {
        self.0.iter().map(|(k, v)| (k, v))
    }

    /// The names, in order.
    pub(crate) fn keys(&self) -> impl Iterator<Item = &String> {
        self.0.iter().map(|(k, _)| k)
    }

    /// There are none.
    pub(crate) fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl<'n, T> IntoIterator for &'n Named<T> {
    type Item = (&'n String, &'n T);
    type IntoIter = std::iter::Map<
        std::slice::Iter<'n, (String, T)>,
        fn(&'n (String, T)) -> (&'n String, &'n T),
    >;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter().map(|(k, v)| (k, v))
    }
}

impl<T> FromIterator<(String, T)> for Named<T> {
    fn from_iter<I: IntoIterator<Item = (String, T)>>(iter: I) -> Self {
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
            n.insert(k.to_owned(), v);
        }
        let got: Vec<(&str, i32)> = n.iter().map(|(k, v)| (k.as_str(), *v)).collect();
        assert_eq!(got, [("a", 3), ("b", 5), ("c", 4), ("d", 2)]);
        assert_eq!(n.get("c"), Some(&4));
        assert_eq!(n.get("e"), None);
    }
}
