//! URLs as tdlib reads them (its `parse_url`): an optional scheme, user
//! info, host, port and the rest. Both a webhook's URL and a text link's URL
//! are judged from these parts, and a webhook delivery keeps the path.

/// The parts of a URL; `None` from [`Url::split`] when tdlib could not
/// parse it at all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Url<'a> {
    /// Lower-cased; `None` when the URL has no `scheme://`.
    pub scheme: Option<String>,
    pub userinfo: &'a str,
    /// As written (an IPv6 host keeps its brackets).
    pub host: &'a str,
    pub port: Option<u16>,
    /// Everything after the host and port: path, query and fragment.
    pub path: &'a str,
}

impl<'a> Url<'a> {
    pub(super) fn split(url: &'a str) -> Option<Url<'a>> {
        let (scheme, rest) = match url.find("://") {
            Some(at) if is_scheme(&url[..at]) => {
                (Some(url[..at].to_ascii_lowercase()), &url[at + 3..])
            }
            _ => (None, url),
        };
        let authority_end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
        let (authority, path) = rest.split_at(authority_end);
        let (userinfo, host_port) = authority.rsplit_once('@').unwrap_or(("", authority));
        let (host, port_text) = if host_port.starts_with('[') {
            let close = host_port.find(']')?;
            let after = &host_port[close + 1..];
            let port_text = if after.is_empty() { None } else { Some(after.strip_prefix(':')?) };
            (&host_port[..=close], port_text)
        } else {
            match host_port.rsplit_once(':') {
                Some((host, digits)) => (host, Some(digits)),
                None => (host_port, None),
            }
        };
        let port = match port_text {
            Some(digits) => Some(parse_port(digits)?),
            None => None,
        };
        let bad_char = |c: char| c.is_whitespace() || c.is_control() || c == '\\';
        if host.is_empty() || host.chars().any(bad_char) || path.chars().any(char::is_control) {
            return None;
        }
        Some(Url { scheme, userinfo, host, port, path })
    }

    /// The path and query a request goes to (no fragment), `/` when empty.
    pub(super) fn path_and_query(&self) -> String {
        let without_fragment = self.path.split('#').next().unwrap_or_default();
        if without_fragment.starts_with('/') {
            without_fragment.to_owned()
        } else {
            format!("/{without_fragment}")
        }
    }
}

fn is_scheme(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
}

/// A port: digits only, 1..=65535.
fn parse_port(digits: &str) -> Option<u16> {
    let all_digits = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
    all_digits.then(|| digits.parse().ok()).flatten().filter(|p: &u16| *p > 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_scheme_host_port_and_path() {
        let url = Url::split("HTTPS://u:p@Example.com:8443/hook?x=1#f").unwrap();
        assert_eq!(url.scheme.as_deref(), Some("https"));
        assert_eq!((url.userinfo, url.host, url.port), ("u:p", "Example.com", Some(8443)));
        assert_eq!(url.path_and_query(), "/hook?x=1");
        let bare = Url::split("example.com").unwrap();
        assert_eq!(
            (bare.scheme.clone(), bare.host, bare.port, bare.path_and_query()),
            (None, "example.com", None, "/".to_owned())
        );
        let ipv6 = Url::split("https://[::1]:88/x").unwrap();
        assert_eq!((ipv6.host, ipv6.port), ("[::1]", Some(88)));
        assert_eq!(Url::split("https://x.org:0/"), None);
        assert_eq!(Url::split("https://x.org:99999/"), None);
        assert_eq!(Url::split("https://exa mple.com/"), None);
        assert_eq!(Url::split("https:///path"), None);
    }
}
