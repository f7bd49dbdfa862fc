//! Values named on the command line and in reports ([`Spec`](crate::Spec),
//! [`Step6`](crate::Step6), ...): each has one name, and a name that is
//! none of them is an error that lists them all.

/// The value of `all` that `name` calls `given`, or an error that says
/// which `what` was given and lists the names: "unknown spec `x`, expected
/// `rfc1808`, `rfc2396` or `rfc3986`".
pub fn from_name<T: Copy>(
    given: &str,
    all: &[T],
    name: impl Fn(T) -> &'static str,
    what: &str,
) -> Result<T, String> {
    if let Some(&found) = all.iter().find(|&&value| name(value) == given) {
        return Ok(found);
    }
    let names: Vec<String> = all.iter().map(|&v| format!("`{}`", name(v))).collect();
    let expected = match names.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, others)) => format!("{} or {last}", others.join(", ")),
        None => "nothing".to_owned(),
    };
    Err(format!("unknown {what} `{given}`, expected {expected}"))
}

/// `Display` and `FromStr` for a type with an `ALL` and a `name()`: written
/// as its name, parsed by [`from_name`], whose error says `$what`.
#[macro_export]
macro_rules! named {
    ($type:ty, $what:literal) => {
        impl ::std::fmt::Display for $type {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl ::std::str::FromStr for $type {
            type Err = String;

            fn from_str(s: &str) -> Result<Self, Self::Err> {
                $crate::named::from_name(s, &<$type>::ALL, <$type>::name, $what)
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    fn letter(c: char) -> &'static str {
        match c {
            'a' => "a",
            'b' => "b",
            _ => "c",
        }
    }

    #[test]
    fn a_name_gives_its_value_and_any_other_lists_every_name() {
        assert_eq!(from_name("b", &['a', 'b', 'c'], letter, "letter"), Ok('b'));
        assert_eq!(
            from_name("d", &['a', 'b', 'c'], letter, "letter"),
            Err("unknown letter `d`, expected `a`, `b` or `c`".to_owned())
        );
        assert_eq!(
            from_name("d", &['a', 'b'], letter, "letter"),
            Err("unknown letter `d`, expected `a` or `b`".to_owned())
        );
        assert_eq!(
            from_name("d", &['a'], letter, "letter"),
            Err("unknown letter `d`, expected `a`".to_owned())
        );
        assert_eq!(
            from_name("a", &[], letter, "letter"),
            Err("unknown letter `a`, expected nothing".to_owned())
        );
    }
}
