//! Whether a WordPress node's site address parses (spec §5 "Field formats"),
//! which the rule "wordpress complete" needs. Parsing it takes the `url`
//! crate and its Unicode (IDNA) tables, which the canvas's first-paint wasm
//! module does without: there the page parses each address once with
//! @dastyar/rules/urls and tells the rules the answer.

use crate::validate::wordpress::normalize_wordpress_url;

/// Answers whether a site address is valid; `None` while it is not known.
pub trait SiteUrls {
    fn valid(&self, site_url: &str) -> Option<bool>;
}

/// Parses each address (the server, native callers, the urls module).
pub struct ParsedSiteUrls;

impl SiteUrls for ParsedSiteUrls {
    fn valid(&self, site_url: &str) -> Option<bool> {
        Some(normalize_wordpress_url(site_url).is_ok())
    }
}

/// The answer someone who parsed the address gave (`None`: not yet asked).
/// A blank address is never valid, told or not: that needs no parsing.
pub struct ToldSiteUrl(pub Option<bool>);

impl SiteUrls for ToldSiteUrl {
    fn valid(&self, site_url: &str) -> Option<bool> {
        if site_url.trim().is_empty() { Some(false) } else { self.0 }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_blank_address_is_invalid_without_parsing() {
        for blank in ["", "  ", "\n\t"] {
            assert_eq!(ParsedSiteUrls.valid(blank), Some(false));
            assert_eq!(ToldSiteUrl(None).valid(blank), Some(false));
            assert_eq!(ToldSiteUrl(Some(true)).valid(blank), Some(false));
        }
        assert_eq!(ToldSiteUrl(None).valid("https://example.ir"), None);
        assert_eq!(ToldSiteUrl(Some(false)).valid("https://example.ir"), Some(false));
    }
}
