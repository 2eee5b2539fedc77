//! The address a request came from, as rate limits count it.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use axum::extract::{ConnectInfo, FromRef, FromRequestParts};
use axum::http::HeaderMap;
use axum::http::request::Parts;

use crate::config::Config;
use crate::error::ApiError;

/// The client's address: the socket's peer, or, behind a reverse proxy
/// (`DASTYAR_BEHIND_PROXY`), the last `X-Forwarded-For` entry, the one the
/// proxy itself added (those before it are whatever the client sent).
/// `None` for a request that came through no socket (tests drive the router
/// directly).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClientAddress(pub Option<IpAddr>);

impl<S> FromRequestParts<S> for ClientAddress
where
    S: Send + Sync,
    Arc<Config>: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let peer = parts.extensions.get::<ConnectInfo<SocketAddr>>().map(|info| info.0.ip());
        if Arc::<Config>::from_ref(state).behind_proxy {
            return Ok(ClientAddress(forwarded_for(&parts.headers).or(peer)));
        }
        Ok(ClientAddress(peer))
    }
}

/// The last address of the last `X-Forwarded-For` header.
fn forwarded_for(headers: &HeaderMap) -> Option<IpAddr> {
    let last = headers.get_all("x-forwarded-for").iter().next_back()?;
    last.to_str().ok()?.rsplit(',').next()?.trim().parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_proxys_own_entry_counts_not_the_clients() {
        let mut headers = HeaderMap::new();
        headers.append("x-forwarded-for", "6.6.6.6, 10.0.0.1".parse().unwrap());
        headers.append("x-forwarded-for", "198.51.100.9 , 203.0.113.5".parse().unwrap());
        assert_eq!(forwarded_for(&headers), Some("203.0.113.5".parse().unwrap()));
        assert_eq!(forwarded_for(&HeaderMap::new()), None);
        let mut junk = HeaderMap::new();
        junk.append("x-forwarded-for", "not an address".parse().unwrap());
        assert_eq!(forwarded_for(&junk), None);
    }
}
