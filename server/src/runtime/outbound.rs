//! The HTTP client for addresses people configure (an API definition's base
//! URL): it never reaches loopback, link-local, private or otherwise
//! internal addresses unless `DASTYAR_ALLOW_PRIVATE_NETWORK` allows it, so an
//! assistant cannot be turned against the server's own network (server-side
//! request forgery). Names are checked where they are resolved, so the
//! address checked is the one connected to (no DNS rebinding); IP literals
//! and every redirect hop are checked before they are sent.

use std::error::Error;
use std::fmt;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::time::Duration;

use reqwest::dns::{Addrs, Name, Resolve, Resolving};
use reqwest::redirect;
use url::Url;

/// How long one outside call may take in all.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(15);
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
/// Redirects followed, each checked like the first address.
const MAX_REDIRECTS: usize = 3;

/// A refused address: `host` is internal and that is not allowed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrivateAddress {
    pub host: String,
}

impl fmt::Display for PrivateAddress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} is a private or internal address", self.host)
    }
}

impl Error for PrivateAddress {}

/// The guarded client.
#[derive(Debug, Clone)]
pub struct OutboundClient {
    http: reqwest::Client,
    /// The same, following no redirect, for callers that follow them
    /// themselves (to keep a POST a POST, or credentials on their site).
    unfollowed: reqwest::Client,
    allow_private: bool,
    timeout: Duration,
}

impl OutboundClient {
    pub fn new(allow_private_network: bool) -> OutboundClient {
        OutboundClient::with_timeout(allow_private_network, REQUEST_TIMEOUT)
    }

    /// With another total timeout (tests keep theirs short).
    pub fn with_timeout(allow_private_network: bool, timeout: Duration) -> OutboundClient {
        let allow = allow_private_network;
        let policy = redirect::Policy::custom(move |attempt| {
            if attempt.previous().len() >= MAX_REDIRECTS {
                return attempt.error("too many redirects");
            }
            match check_url(attempt.url(), allow) {
                Ok(()) => attempt.follow(),
                Err(refused) => attempt.error(refused),
            }
        });
        let client = |redirects: redirect::Policy| {
            reqwest::Client::builder()
                .connect_timeout(CONNECT_TIMEOUT)
                .timeout(timeout)
                .redirect(redirects)
                .dns_resolver(GuardedResolver { allow_private: allow })
                .build()
                .expect("a client without custom TLS builds")
        };
        OutboundClient {
            http: client(policy),
            unfollowed: client(redirect::Policy::none()),
            allow_private: allow,
            timeout,
        }
    }

    pub fn timeout(&self) -> Duration {
        self.timeout
    }

    /// A request to `url`, after checking its host; the error when refused.
    pub fn request(
        &self,
        method: reqwest::Method,
        url: &Url,
    ) -> Result<reqwest::RequestBuilder, PrivateAddress> {
        check_url(url, self.allow_private)?;
        Ok(self.http.request(method, url.clone()))
    }

    /// Like [`OutboundClient::request`], but a redirect is answered as it
    /// is, for the caller to check and follow (each hop through this again).
    pub fn request_unfollowed(
        &self,
        method: reqwest::Method,
        url: &Url,
    ) -> Result<reqwest::RequestBuilder, PrivateAddress> {
        check_url(url, self.allow_private)?;
        Ok(self.unfollowed.request(method, url.clone()))
    }
}

/// The refusal for an IP-literal host that is internal; names are checked
/// when resolved.
fn check_url(url: &Url, allow_private: bool) -> Result<(), PrivateAddress> {
    let refused = || PrivateAddress { host: url.host_str().unwrap_or_default().to_owned() };
    if !matches!(url.scheme(), "http" | "https") {
        return Err(refused());
    }
    let ip = match url.host() {
        Some(url::Host::Ipv4(ip)) => IpAddr::V4(ip),
        Some(url::Host::Ipv6(ip)) => IpAddr::V6(ip),
        Some(url::Host::Domain(name))
            if name.eq_ignore_ascii_case("localhost") || name.ends_with(".localhost") =>
        {
            IpAddr::V4(Ipv4Addr::LOCALHOST)
        }
        Some(url::Host::Domain(_)) => return Ok(()),
        None => return Err(refused()),
    };
    if allow_private || is_public(ip) { Ok(()) } else { Err(refused()) }
}

/// Resolves with the system, then drops internal addresses; none left is a refusal.
struct GuardedResolver {
    allow_private: bool,
}

impl Resolve for GuardedResolver {
    fn resolve(&self, name: Name) -> Resolving {
        let allow = self.allow_private;
        Box::pin(async move {
            let host = name.as_str().to_owned();
            let found: Vec<SocketAddr> =
                tokio::net::lookup_host((host.as_str(), 0)).await?.collect();
            let kept: Vec<SocketAddr> =
                found.into_iter().filter(|a| allow || is_public(a.ip())).collect();
            if kept.is_empty() {
                return Err(Box::new(PrivateAddress { host }) as Box<dyn Error + Send + Sync>);
            }
            Ok(Box::new(kept.into_iter()) as Addrs)
        })
    }
}

/// Whether `ip` is an address on the public internet: not loopback,
/// private, link-local, shared (CGNAT), unspecified, multicast, broadcast,
/// documentation or reserved, in either family (IPv4-mapped included).
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => is_public_v4(v4),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => is_public_v4(v4),
            None => is_public_v6(v6),
        },
    }
}

fn is_public_v4(ip: Ipv4Addr) -> bool {
    let [a, b, c, _] = ip.octets();
    !(ip.is_unspecified()
        || ip.is_loopback()
        || ip.is_private()
        || ip.is_link_local()
        || ip.is_multicast()
        || ip.is_broadcast()
        || ip.is_documentation()
        || a == 0
        || (a == 100 && (64..128).contains(&b)) // shared address space (CGNAT)
        || (a == 192 && b == 0 && c == 0) // IETF protocol assignments
        || (a == 198 && (b == 18 || b == 19)) // benchmarking
        || a >= 240) // reserved
}

fn is_public_v6(ip: Ipv6Addr) -> bool {
    let first = ip.segments()[0];
    !(ip.is_unspecified()
        || ip.is_loopback()
        || ip.is_multicast()
        || (first & 0xfe00) == 0xfc00 // unique local
        || (first & 0xffc0) == 0xfe80 // link-local
        || (first & 0xffc0) == 0xfec0 // site-local (deprecated)
        || first == 0x2001 && ip.segments()[1] == 0x0db8 // documentation
        || first == 0x0064 && ip.segments()[1] == 0xff9b) // NAT64 to IPv4 space
}

/// Our refusal, when it is what stopped a `reqwest` call (it travels inside
/// reqwest's error as a source).
pub fn refusal_in(error: &reqwest::Error) -> Option<PrivateAddress> {
    let mut source: Option<&(dyn Error + 'static)> = error.source();
    while let Some(e) = source {
        if let Some(refused) = e.downcast_ref::<PrivateAddress>() {
            return Some(refused.clone());
        }
        source = e.source();
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn internal_addresses_are_not_public() {
        for internal in [
            "127.0.0.1",
            "10.0.0.1",
            "172.16.0.1",
            "172.31.255.255",
            "192.168.1.1",
            "169.254.169.254",
            "100.64.0.1",
            "0.0.0.0",
            "255.255.255.255",
            "224.0.0.1",
            "192.0.2.1",
            "240.0.0.1",
            "::1",
            "::",
            "fe80::1",
            "fc00::1",
            "fd12:3456::1",
            "::ffff:127.0.0.1",
            "::ffff:10.1.2.3",
            "2001:db8::1",
            "64:ff9b::a00:1",
        ] {
            assert!(!is_public(internal.parse().unwrap()), "{internal}");
        }
        for public in [
            "8.8.8.8",
            "1.1.1.1",
            "172.32.0.1",
            "100.128.0.1",
            "2001:4860:4860::8888",
            "::ffff:8.8.8.8",
        ] {
            assert!(is_public(public.parse().unwrap()), "{public}");
        }
    }

    #[test]
    fn literal_and_local_hosts_are_checked_before_sending() {
        for url in [
            "http://127.0.0.1:8080/x",
            "http://[::1]/",
            "http://localhost/",
            "http://api.localhost/",
            "http://10.0.0.1/",
            "ftp://example.com/",
        ] {
            let url = Url::parse(url).unwrap();
            assert!(check_url(&url, false).is_err(), "{url}");
        }
        assert!(check_url(&Url::parse("http://127.0.0.1/").unwrap(), true).is_ok());
        assert!(check_url(&Url::parse("https://api.example.ir/").unwrap(), false).is_ok());
    }

    #[tokio::test]
    async fn names_that_resolve_inside_are_refused_where_they_resolve() {
        let guarded = GuardedResolver { allow_private: false };
        let refused = guarded.resolve("localhost".parse().unwrap()).await;
        let error = refused.err().expect("refused");
        assert!(error.downcast_ref::<PrivateAddress>().is_some(), "{error}");
        let allowed =
            GuardedResolver { allow_private: true }.resolve("localhost".parse().unwrap()).await;
        assert!(allowed.is_ok_and(|mut addrs| addrs.next().is_some()));
    }
}
