//! The printer of `rfc1808 parse`: a URL's components, as parse-vector
//! mismatches show them too.

use rfc1808_resolver::Components;

/// The components one per line, `-` for an absent one, as `rfc1808 parse`
/// prints them.
pub fn render(c: &Components<'_>) -> String {
    let show = |v: Option<&str>| v.map_or_else(|| "-".to_owned(), |v| format!("{v:?}"));
    let path = format!("{}{}", if c.slash { "/" } else { "" }, c.path);
    format!(
        "scheme:   {}\nnet_loc:  {}\npath:     {:?}\nparams:   {}\nquery:    {}\nfragment: {}\n",
        show(c.scheme),
        show(c.net_loc),
        path,
        show(c.params),
        show(c.query),
        show(c.fragment)
    )
}
