//! `--trusted-proxies`: the reverse proxies whose forwarding headers say who the client is. From a
//! trusted peer, the client is the rightmost hop of `Forwarded` / `X-Forwarded-For` that is not
//! itself a trusted proxy: each proxy appends the address it was connected from, so everything left
//! of the last untrusted hop was written by that client and could be anything. From any other peer,
//! the headers are ignored: the peer is the client.
//!
//! Both headers are read. A proxy sets one and, often, passes the other on from the client untouched
//! (nginx and Caddy pass a client's `Forwarded` through): believing whichever comes first would let
//! clients pick their address. So when both are present they must name the same client, else neither
//! is believed; and when a header cannot be read up to the client (`for=unknown`, an obfuscated
//! name, text that does not parse), the request counts as the peer's. Either way the client does
//! not get a budget of its own choosing: at worst it shares the proxy's.

use axum::http::HeaderMap;
use ipnet::IpNet;
use std::net::{IpAddr, SocketAddr};

use super::forwarded::{forwarded_hops, x_forwarded_for_hops, Hop};

/// The address ranges of the trusted proxies; none by default.
#[derive(Debug, Clone, Default)]
pub struct TrustedProxies {
    ranges: Vec<IpNet>,
}

/// What one header says of the client.
#[derive(Debug, PartialEq, Eq)]
enum Said {
    /// The header is absent (or lists no hop).
    Nothing,
    Client(IpAddr, Option<u16>),
    /// The hop that would be the client names nobody.
    Unclear,
}

impl TrustedProxies {
    pub fn new(ranges: Vec<IpNet>) -> Self {
        TrustedProxies { ranges }
    }

    pub fn ranges(&self) -> &[IpNet] {
        &self.ranges
    }

    pub fn is_empty(&self) -> bool {
        self.ranges.is_empty()
    }

    /// Whether `ip` is a trusted proxy. An IPv4 peer of a dual-stack listener shows as an
    /// IPv4-mapped IPv6 address: it is matched as the IPv4 address it is.
    pub fn trusts(&self, ip: IpAddr) -> bool {
        let ip = ip.to_canonical();
        self.ranges.iter().any(|range| range.contains(&ip))
    }

    /// The client of a request that came from `peer` with `headers`. A port the headers do not give
    /// is 0 (nothing counts by port).
    pub fn client(&self, peer: SocketAddr, headers: &HeaderMap) -> SocketAddr {
        if !self.trusts(peer.ip()) {
            return peer;
        }
        let forwarded = self.said(&forwarded_hops(headers));
        let x_forwarded_for = self.said(&x_forwarded_for_hops(headers));
        match (forwarded, x_forwarded_for) {
            (Said::Client(ip, port), Said::Nothing) | (Said::Nothing, Said::Client(ip, port)) => {
                SocketAddr::new(ip, port.unwrap_or(0))
            }
            // `Forwarded` may carry the port, `X-Forwarded-For` seldom does.
            (Said::Client(ip, port), Said::Client(other, _)) if ip == other => {
                SocketAddr::new(ip, port.unwrap_or(0))
            }
            _ => peer,
        }
    }

    /// The client one header names: its hops walked from the right (the nearest), past the trusted
    /// proxies; if every hop is trusted, the leftmost (the request started at a trusted address).
    fn said(&self, hops: &[Hop]) -> Said {
        for hop in hops.iter().rev() {
            match *hop {
                Hop::Addr(ip, _) if self.trusts(ip) => continue,
                Hop::Addr(ip, port) => return Said::Client(ip.to_canonical(), port),
                Hop::Opaque => return Said::Unclear,
            }
        }
        match hops.first() {
            Some(Hop::Addr(ip, port)) => Said::Client(ip.to_canonical(), *port),
            _ => Said::Nothing,
        }
    }
}

/// One `--trusted-proxies` entry: a range (`10.0.0.0/8`, `2001:db8::/32`) or one address (a range
/// of one).
pub fn parse_range(text: &str) -> Result<IpNet, String> {
    let text = text.trim();
    text.parse::<IpNet>()
        .or_else(|_| text.parse::<IpAddr>().map(IpNet::from))
        .map_err(|_| {
            format!("`{text}` is not an address range such as 127.0.0.1/32, 10.0.0.0/8 or ::1/128")
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limits::forwarded::X_FORWARDED_FOR;
    use axum::http::header::FORWARDED;
    use axum::http::{HeaderName, HeaderValue};

    fn trusted(ranges: &[&str]) -> TrustedProxies {
        TrustedProxies::new(ranges.iter().map(|r| parse_range(r).unwrap()).collect())
    }

    fn request(lines: &[(&HeaderName, &str)]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for (name, value) in lines {
            headers.append(*name, HeaderValue::from_str(value).unwrap());
        }
        headers
    }

    fn at(text: &str) -> SocketAddr {
        text.parse().unwrap()
    }

    const PROXY: &str = "10.0.0.2:40000";

    #[test]
    fn ranges_and_single_addresses_parse_and_garbage_does_not() {
        let proxies = trusted(&["10.0.0.0/8", " 192.0.2.7 ", "2001:db8::/32", "::1"]);
        for ip in [
            "10.1.2.3",
            "192.0.2.7",
            "2001:db8:5::1",
            "::1",
            "::ffff:10.9.9.9",
        ] {
            assert!(proxies.trusts(ip.parse().unwrap()), "{ip}");
        }
        for ip in ["11.0.0.1", "192.0.2.8", "2001:db9::1", "::2"] {
            assert!(!proxies.trusts(ip.parse().unwrap()), "{ip}");
        }
        for bad in ["", "10.0.0.0/33", "10.0.0/8", "example.org", "10.0.0.1/8/8"] {
            let error = parse_range(bad).unwrap_err();
            assert!(error.contains("not an address range"), "{bad}: {error}");
        }
    }

    #[test]
    fn headers_from_an_untrusted_peer_are_ignored() {
        let proxies = trusted(&["10.0.0.0/8"]);
        let spoofed = request(&[
            (&X_FORWARDED_FOR, "198.51.100.1"),
            (&FORWARDED, "for=198.51.100.1"),
        ]);
        assert_eq!(
            proxies.client(at("203.0.113.9:5000"), &spoofed),
            at("203.0.113.9:5000")
        );
        assert_eq!(
            TrustedProxies::default().client(at(PROXY), &spoofed),
            at(PROXY),
            "nobody is trusted by default"
        );
    }

    #[test]
    fn the_client_is_the_rightmost_untrusted_hop() {
        let proxies = trusted(&["10.0.0.0/8"]);
        let client = |lines: &[(&HeaderName, &str)]| proxies.client(at(PROXY), &request(lines));
        // What the client wrote itself, on the left, does not count.
        assert_eq!(
            client(&[(&X_FORWARDED_FOR, "1.1.1.1, 203.0.113.5")]),
            at("203.0.113.5:0")
        );
        // Proxies in a chain are skipped; lines are joined in order.
        assert_eq!(
            client(&[
                (&X_FORWARDED_FOR, "garbage, 203.0.113.5"),
                (&X_FORWARDED_FOR, "10.1.1.1, 10.2.2.2")
            ]),
            at("203.0.113.5:0")
        );
        // Every hop trusted: the leftmost, where the request started.
        assert_eq!(
            client(&[(&X_FORWARDED_FOR, "10.3.3.3, 10.1.1.1")]),
            at("10.3.3.3:0")
        );
        // RFC 7239, with its port, and an IPv6 client.
        assert_eq!(
            client(&[(&FORWARDED, r#"for="[2001:db8:cafe::17]:4711";proto=https"#)]),
            at("[2001:db8:cafe::17]:4711")
        );
        assert_eq!(
            client(&[(&FORWARDED, "for=192.0.2.43, for=198.51.100.17;by=10.0.0.2")]),
            at("198.51.100.17:0")
        );
        // No header: the peer is the client (a proxy's own health check).
        assert_eq!(client(&[]), at(PROXY));
        assert_eq!(client(&[(&X_FORWARDED_FOR, " , ")]), at(PROXY));
    }

    #[test]
    fn unclear_or_disagreeing_headers_count_as_the_proxy() {
        let proxies = trusted(&["10.0.0.0/8"]);
        let client = |lines: &[(&HeaderName, &str)]| proxies.client(at(PROXY), &request(lines));
        // Nobody to count by: `unknown`, an obfuscated name, garbage where the client would be.
        for forwarded in [
            "for=unknown",
            r#"for="_gazonk""#,
            "proto=https",
            "for=\"1.2.3.4",
        ] {
            assert_eq!(client(&[(&FORWARDED, forwarded)]), at(PROXY), "{forwarded}");
        }
        assert_eq!(
            client(&[(&X_FORWARDED_FOR, "203.0.113.5, nonsense")]),
            at(PROXY)
        );
        // A proxy that writes X-Forwarded-For and passes on the client's own `Forwarded`: the two
        // disagree, and neither is believed.
        assert_eq!(
            client(&[
                (&FORWARDED, "for=198.51.100.1"),
                (&X_FORWARDED_FOR, "203.0.113.5")
            ]),
            at(PROXY)
        );
        assert_eq!(
            client(&[
                (&FORWARDED, "for=unknown"),
                (&X_FORWARDED_FOR, "203.0.113.5")
            ]),
            at(PROXY)
        );
        // Both saying the same: believed, with the port of `Forwarded`.
        assert_eq!(
            client(&[
                (&FORWARDED, r#"for="203.0.113.5:999""#),
                (&X_FORWARDED_FOR, "203.0.113.5")
            ]),
            at("203.0.113.5:999")
        );
    }

    #[test]
    fn ipv4_mapped_addresses_are_ipv4() {
        let proxies = trusted(&["127.0.0.1/32"]);
        let headers = request(&[(&X_FORWARDED_FOR, "::ffff:203.0.113.5")]);
        assert_eq!(
            proxies.client(at("[::ffff:127.0.0.1]:4000"), &headers),
            at("203.0.113.5:0")
        );
    }
}
