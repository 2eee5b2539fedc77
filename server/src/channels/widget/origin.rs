//! Which sites may embed a frame: a page's `Origin` against the frame's
//! authorized domains (`example.ir`, `*.example.ir`, `localhost:5173`, as
//! core's `normalize_domain` stores them), and the same list as the embed
//! page's `frame-ancestors`, so the browser enforces it too.

/// Whether `origin` (`scheme://host[:port]`) is one of `domains`. A domain
/// without a port takes the scheme's default port only; `*.example.ir`
/// takes every subdomain of example.ir but not example.ir itself.
pub fn allowed(origin: &str, domains: &[String]) -> bool {
    let Some((scheme, rest)) = origin.split_once("://") else { return false };
    if !matches!(scheme, "http" | "https") || rest.contains(['/', '?', '#', '@']) {
        return false;
    }
    let rest = rest.to_ascii_lowercase();
    let (host, port) = match rest.rsplit_once(':') {
        Some((host, port)) if !port.is_empty() && port.bytes().all(|b| b.is_ascii_digit()) => {
            (host.to_owned(), Some(port.to_owned()))
        }
        _ => (rest.clone(), None),
    };
    let default_port = if scheme == "https" { "443" } else { "80" };
    let port = port.filter(|p| p != default_port);
    domains.iter().any(|domain| {
        let (pattern, wanted_port) = match domain.rsplit_once(':') {
            Some((pattern, port)) if port.bytes().all(|b| b.is_ascii_digit()) => {
                (pattern, Some(port))
            }
            _ => (domain.as_str(), None),
        };
        if wanted_port.filter(|p| *p != default_port) != port.as_deref() {
            return false;
        }
        match pattern.strip_prefix("*.") {
            Some(parent) => host
                .strip_suffix(parent)
                .is_some_and(|sub| sub.len() > 1 && sub.ends_with('.') && !sub.starts_with('.')),
            None => host == pattern,
        }
    })
}

/// The `frame-ancestors` sources for `domains` (each over http and https),
/// or `'none'` when there are none: no site may frame the chat then.
pub fn frame_ancestors(domains: &[String]) -> String {
    let sources: Vec<String> = domains
        .iter()
        .filter(|d| d.bytes().all(|b| b.is_ascii_alphanumeric() || b"*.-:[]".contains(&b)))
        .flat_map(|d| [format!("http://{d}"), format!("https://{d}")])
        .collect();
    if sources.is_empty() { "'none'".to_owned() } else { sources.join(" ") }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn domains(list: &[&str]) -> Vec<String> {
        list.iter().map(|d| (*d).to_owned()).collect()
    }

    #[test]
    fn a_listed_host_is_allowed_over_either_scheme() {
        let list = domains(&["example.ir"]);
        assert!(allowed("https://example.ir", &list));
        assert!(allowed("http://example.ir", &list));
        assert!(allowed("https://EXAMPLE.ir:443", &list));
        assert!(!allowed("https://www.example.ir", &list));
        assert!(!allowed("https://example.ir.evil.com", &list));
        assert!(!allowed("https://evilexample.ir", &list));
        assert!(!allowed("https://example.ir:8443", &list), "another port is another site");
        assert!(!allowed("null", &list));
        assert!(!allowed("ftp://example.ir", &list));
    }

    #[test]
    fn a_wildcard_takes_subdomains_only() {
        let list = domains(&["*.shop.ir"]);
        assert!(allowed("https://a.shop.ir", &list));
        assert!(allowed("https://a.b.shop.ir", &list));
        assert!(!allowed("https://shop.ir", &list));
        assert!(!allowed("https://evilshop.ir", &list));
        assert!(!allowed("https://a.shop.ir.evil.com", &list));
    }

    #[test]
    fn a_port_must_match() {
        let list = domains(&["localhost:5173", "127.0.0.1:4000"]);
        assert!(allowed("http://localhost:5173", &list));
        assert!(allowed("http://127.0.0.1:4000", &list));
        assert!(!allowed("http://localhost:5174", &list));
        assert!(!allowed("http://localhost", &list));
    }

    #[test]
    fn the_ancestors_list_both_schemes_or_none() {
        assert_eq!(
            frame_ancestors(&domains(&["example.ir", "*.shop.ir"])),
            "http://example.ir https://example.ir http://*.shop.ir https://*.shop.ir"
        );
        assert_eq!(frame_ancestors(&[]), "'none'");
        assert_eq!(frame_ancestors(&domains(&["a.ir; script-src *"])), "'none'");
    }
}
