//! The identity of a vector set, for reports: which vectors a run used.

use std::fmt;

/// A content digest of the vector files a [`Corpus`](crate::Corpus) was
/// loaded from: their names (without directories) and texts, in any order.
/// The embedded vectors and a checkout's `vectors/` directory at the same
/// commit have the same digest; any change to a vector file, even a comment,
/// gives a new one. Shown as `vectors-` and 16 hex digits.
///
/// It names a vector set; it is not a defence against a forged one (64-bit
/// FNV-1a, no dependency).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct VectorSetDigest(u64);

impl VectorSetDigest {
    /// Adds the file `name` with `text`. A directory in `name` is ignored,
    /// and so is every `\r`, so that a checkout with CRLF line ends or in
    /// another place has the same digest.
    pub(crate) fn add_file(&mut self, name: &str, text: &str) {
        let name = name.rsplit(['/', '\\']).next().unwrap_or(name);
        let bytes = name
            .bytes()
            .chain([0])
            .chain(text.bytes().filter(|&b| b != b'\r'));
        // Adding the files' hashes makes the digest independent of the order
        // the files were loaded in (embedded and directory orders differ).
        self.0 = self.0.wrapping_add(fnv1a(bytes));
    }
}

impl VectorSetDigest {
    /// Adds every file of `other`, as if each were added here.
    pub(crate) fn add_set(&mut self, other: VectorSetDigest) {
        self.0 = self.0.wrapping_add(other.0);
    }
}

fn fnv1a(bytes: impl Iterator<Item = u8>) -> u64 {
    bytes.fold(0xcbf2_9ce4_8422_2325, |hash, b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

impl fmt::Display for VectorSetDigest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "vectors-{:016x}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn digest(files: &[(&str, &str)]) -> String {
        let mut d = VectorSetDigest::default();
        for (name, text) in files {
            d.add_file(name, text);
        }
        d.to_string()
    }

    #[test]
    fn fnv1a_matches_the_published_test_values() {
        assert_eq!(fnv1a("".bytes()), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a("a".bytes()), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a("foobar".bytes()), 0x8594_4171_f739_67e8);
    }

    #[test]
    fn order_directories_and_line_ends_do_not_matter() {
        let a = digest(&[("vectors/a.toml", "x = 1\n"), ("vectors/b.toml", "y = 2\n")]);
        assert!(
            a.starts_with("vectors-") && a.len() == "vectors-".len() + 16,
            "{a}"
        );
        assert_eq!(
            a,
            digest(&[("b.toml", "y = 2\r\n"), ("/tmp/v/a.toml", "x = 1\n")])
        );
    }

    #[test]
    fn any_change_of_name_or_text_changes_it() {
        let a = digest(&[("a.toml", "x = 1\n")]);
        assert_ne!(a, digest(&[("a.toml", "x = 2\n")]));
        assert_ne!(a, digest(&[("c.toml", "x = 1\n")]));
        assert_ne!(a, digest(&[("a.toml", "x = 1\n"), ("b.toml", "")]));
    }
}
