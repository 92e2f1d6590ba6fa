//! The hops that a reverse proxy's forwarding headers name, read as written: RFC 7239's `Forwarded`
//! (`for=` of each element) and the de-facto `X-Forwarded-For` (a list of addresses). Which hop is
//! the client is decided in [`super::proxies`], against the trusted proxies; this module only reads.
//!
//! Reading never fails as a whole: an element that does not parse becomes an [`Hop::Opaque`] hop in
//! its place, so that text a client put on the left of a header cannot hide the hops a trusted
//! proxy appended on the right. Each header line is read on its own (a quote left open in a client's
//! line cannot swallow the line the proxy added), and lines follow each other in order.

use axum::http::header::{HeaderMap, HeaderName, FORWARDED};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// `X-Forwarded-For` (not among `http`'s standard names).
pub const X_FORWARDED_FOR: HeaderName = HeaderName::from_static("x-forwarded-for");

/// One hop of a forwarding header.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hop {
    /// An address, with the port when the header gave one.
    Addr(IpAddr, Option<u16>),
    /// Anything else: `unknown`, an obfuscated identifier (`_hidden`), a `Forwarded` element
    /// without `for=`, or text that does not parse. Nobody can be counted by it.
    Opaque,
}

/// The hops of every `Forwarded` line, leftmost (the farthest from this server) first.
pub fn forwarded_hops(headers: &HeaderMap) -> Vec<Hop> {
    hops(
        headers,
        &FORWARDED,
        |line| split_outside_quotes(line, ','),
        forwarded_element,
    )
}

/// The hops of every `X-Forwarded-For` line, leftmost first.
/// Its elements have no quoting: a comma always separates (a `"` a client sent cannot make the
/// address nginx appends to its line part of the client's text).
pub fn x_forwarded_for_hops(headers: &HeaderMap) -> Vec<Hop> {
    hops(
        headers,
        &X_FORWARDED_FOR,
        |line| line.split(',').collect(),
        node,
    )
}

fn hops(
    headers: &HeaderMap,
    name: &HeaderName,
    elements: fn(&str) -> Vec<&str>,
    element: fn(&str) -> Hop,
) -> Vec<Hop> {
    let mut hops = Vec::new();
    for line in headers.get_all(name) {
        match line.to_str() {
            Ok(line) => hops.extend(
                elements(line)
                    .into_iter()
                    .map(str::trim)
                    // Lists may hold empty elements (`a, , b`), which name no hop (RFC 9110, 5.6.1).
                    .filter(|element| !element.is_empty())
                    .map(element),
            ),
            // Bytes that are not visible ASCII: the line is one hop that names nobody.
            Err(_) => hops.push(Hop::Opaque),
        }
    }
    hops
}

/// A `Forwarded` element: `for=…;proto=…;by=…` in any order and case; its `for` is the hop.
fn forwarded_element(element: &str) -> Hop {
    let mut found = None;
    for pair in split_outside_quotes(element, ';') {
        let Some((name, value)) = pair.split_once('=') else {
            return Hop::Opaque;
        };
        if name.trim().eq_ignore_ascii_case("for") {
            if found.is_some() {
                // A parameter appears at most once per element (RFC 7239, 4): which one to believe?
                return Hop::Opaque;
            }
            found = Some(unquote(value.trim()).map_or(Hop::Opaque, |value| node(&value)));
        }
    }
    found.unwrap_or(Hop::Opaque)
}

/// A node as RFC 7239, 6 writes it (`192.0.2.43`, `192.0.2.43:47011`, `[2001:db8::17]:4711`,
/// `unknown`, `_hidden`), which `X-Forwarded-For` uses too; a bare IPv6 address is taken as well
/// (some proxies write one in `X-Forwarded-For`). An obfuscated port keeps the address.
fn node(text: &str) -> Hop {
    if let Ok(ip) = text.parse::<IpAddr>() {
        return Hop::Addr(ip, None);
    }
    let with_port = match text.strip_prefix('[') {
        Some(rest) => rest.split_once(']').and_then(|(v6, rest)| {
            let port = match rest {
                "" => None,
                rest => Some(rest.strip_prefix(':')?),
            };
            Some((IpAddr::V6(v6.parse::<Ipv6Addr>().ok()?), port))
        }),
        None => text
            .split_once(':')
            .and_then(|(v4, port)| Some((IpAddr::V4(v4.parse::<Ipv4Addr>().ok()?), Some(port)))),
    };
    match with_port {
        Some((ip, port)) => Hop::Addr(ip, port.and_then(|port| port.parse().ok())),
        None => Hop::Opaque,
    }
}

/// A `Forwarded` value: a token as it is, or a quoted string without its quotes and escapes; None
/// for a quote left open.
fn unquote(value: &str) -> Option<String> {
    let Some(inner) = value.strip_prefix('"') else {
        return Some(value.to_string());
    };
    let mut text = String::new();
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => text.push(chars.next()?),
            '"' => return chars.as_str().is_empty().then_some(text),
            c => text.push(c),
        }
    }
    None
}

/// `text` cut at each `separator` that is not inside a quoted string (where `\` escapes the next
/// character). A quote left open runs to the end of the text.
fn split_outside_quotes(text: &str, separator: char) -> Vec<&str> {
    let mut pieces = Vec::new();
    let (mut start, mut quoted, mut escaped) = (0, false, false);
    for (at, c) in text.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' if quoted => escaped = true,
            '"' => quoted = !quoted,
            c if c == separator && !quoted => {
                pieces.push(&text[start..at]);
                start = at + c.len_utf8();
            }
            _ => {}
        }
    }
    pieces.push(&text[start..]);
    pieces
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(name: &HeaderName, lines: &[&str]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for line in lines {
            headers.append(name, HeaderValue::from_str(line).unwrap());
        }
        headers
    }

    fn addr(text: &str, port: Option<u16>) -> Hop {
        Hop::Addr(text.parse().unwrap(), port)
    }

    /// The examples of RFC 7239, 4 and 6.
    #[test]
    fn the_examples_of_rfc_7239() {
        let read = |line: &str| forwarded_hops(&headers(&FORWARDED, &[line]));
        assert_eq!(
            read(r#"for="_gazonk""#),
            [Hop::Opaque],
            "an obfuscated identifier"
        );
        assert_eq!(
            read(r#"For="[2001:db8:cafe::17]:4711""#),
            [addr("2001:db8:cafe::17", Some(4711))]
        );
        assert_eq!(
            read("for=192.0.2.60;proto=http;by=203.0.113.43"),
            [addr("192.0.2.60", None)]
        );
        assert_eq!(
            read("for=192.0.2.43, for=198.51.100.17"),
            [addr("192.0.2.43", None), addr("198.51.100.17", None)]
        );
        assert_eq!(
            read(r#"for=192.0.2.43,for="[2001:db8:cafe::17]",for=unknown"#),
            [
                addr("192.0.2.43", None),
                addr("2001:db8:cafe::17", None),
                Hop::Opaque
            ]
        );
        assert_eq!(
            read(r#"for="192.0.2.43:47011""#),
            [addr("192.0.2.43", Some(47011))]
        );
        assert_eq!(
            read(r#"for="[2001:db8:cafe::17]:_hidden""#),
            [addr("2001:db8:cafe::17", None)],
            "an obfuscated port keeps the address"
        );
        assert_eq!(
            read(r#"for="_SEVKISEK""#),
            [Hop::Opaque],
            "an obfuscated identifier"
        );
    }

    #[test]
    fn forwarded_elements_read_by_the_letter() {
        let read = |lines: &[&str]| forwarded_hops(&headers(&FORWARDED, lines));
        // Lines follow each other in order; empty elements name no hop.
        assert_eq!(
            read(&["for=192.0.2.1, ,", "for=192.0.2.2;proto=https"]),
            [addr("192.0.2.1", None), addr("192.0.2.2", None)]
        );
        // Separators inside quotes are text; escapes are undone.
        assert_eq!(
            read(&[r#"by="a;b,c";for="192.0.2.\"5", for=192.0.2.6"#]),
            [Hop::Opaque, addr("192.0.2.6", None)]
        );
        assert_eq!(
            read(&[r#"proto=https;for="\1\9\2.0.2.7""#]),
            [addr("192.0.2.7", None)]
        );
        // No `for`, two of them, no `=`, a value that is no address: hops that name nobody.
        assert_eq!(
            read(&["proto=https, for=1.2.3.4;for=5.6.7.8, for, for=somewhere"]),
            [Hop::Opaque; 4]
        );
        // IPv6 belongs in quotes and brackets; a bare one is taken all the same, a port on it not.
        assert_eq!(
            read(&["for=2001:db8::1", r#"for="2001:db8::1:80""#]),
            [addr("2001:db8::1", None), addr("2001:db8::1:80", None)]
        );
        // A quote left open in one line does not swallow the next line.
        assert_eq!(
            read(&[r#"for="192.0.2.8, for=192.0.2.9"#, "for=192.0.2.10"]),
            [Hop::Opaque, addr("192.0.2.10", None)]
        );
    }

    #[test]
    fn x_forwarded_for_is_a_list_of_addresses() {
        let read = |lines: &[&str]| x_forwarded_for_hops(&headers(&X_FORWARDED_FOR, lines));
        assert_eq!(
            read(&[
                "203.0.113.195, 2001:db8:85a3::8a2e:370:7334",
                "198.51.100.178"
            ]),
            [
                addr("203.0.113.195", None),
                addr("2001:db8:85a3::8a2e:370:7334", None),
                addr("198.51.100.178", None)
            ]
        );
        assert_eq!(
            read(&["192.0.2.1:8080, [2001:db8::2]:443, [2001:db8::3]"]),
            [
                addr("192.0.2.1", Some(8080)),
                addr("2001:db8::2", Some(443)),
                addr("2001:db8::3", None)
            ]
        );
        assert_eq!(
            read(&["not an address, unknown, 300.1.2.3, [2001:db8::4, 192.0.2.11"]),
            [
                Hop::Opaque,
                Hop::Opaque,
                Hop::Opaque,
                Hop::Opaque,
                addr("192.0.2.11", None)
            ]
        );
        // A quote means nothing here: it cannot join the client's text to the address after it.
        assert_eq!(
            read(&[r#""192.0.2.13, 192.0.2.14"#]),
            [Hop::Opaque, addr("192.0.2.14", None)]
        );
        let mut odd = HeaderMap::new();
        odd.append(
            &X_FORWARDED_FOR,
            HeaderValue::from_bytes(b"caf\xc3\xa9").unwrap(),
        );
        odd.append(&X_FORWARDED_FOR, HeaderValue::from_static("192.0.2.12"));
        assert_eq!(
            x_forwarded_for_hops(&odd),
            [Hop::Opaque, addr("192.0.2.12", None)]
        );
        assert!(read(&[]).is_empty());
    }
}
