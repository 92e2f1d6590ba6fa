//! The statuses a route answers for what it is rather than for what it does, added to every
//! operation of the document from what the document itself says of it: a path or query parameter
//! that does not parse and a body that is not JSON of its shape are `400 bad_request`, a body over
//! the limit `413`; a route that needs a token answers `401` without a known one and `403 banned`
//! to a banned player; any route may find its client over `--connections-per-address` (`429`), and
//! one that reads or writes the database may find it away (`503`) or fail (`500`). Written once
//! here, so that a new route is documented with them as soon as it is annotated, and a handler's
//! annotation says only what its own logic answers (issue 45, point 12: schemathesis found the
//! tournament routes answering a `400` for a malformed id that their annotations did not declare).
//!
//! A status a route already documents for reasons of its own keeps its description, which this
//! completes ("; or ...") unless it already says as much.

use utoipa::openapi::header::Header;
use utoipa::openapi::path::{Operation, ParameterIn};
use utoipa::openapi::security::SecurityRequirement;
use utoipa::openapi::{Content, Object, Ref, RefOr, Response, Type};

/// Routes that never touch the database, so never answer `500` or `503` for it.
const WITHOUT_DATABASE: [&str; 2] = ["/api/v1/server", "/api/v1/games"];

/// What the document says of an operation that decides its common statuses.
struct Shape {
    path_parameters: bool,
    query_parameters: bool,
    body: bool,
    /// A token is required (not merely read when there is one).
    token_required: bool,
    database: bool,
}

impl Shape {
    fn of(path: &str, operation: &Operation) -> Shape {
        let parameters = operation.parameters.as_deref().unwrap_or_default();
        let any_in = |place: ParameterIn| parameters.iter().any(|p| p.parameter_in == place);
        let security = operation.security.as_deref().unwrap_or_default();
        Shape {
            path_parameters: any_in(ParameterIn::Path),
            query_parameters: any_in(ParameterIn::Query),
            body: operation.request_body.is_some(),
            // An empty requirement among the alternatives makes the token optional.
            token_required: !security.is_empty()
                && !security.contains(&SecurityRequirement::default()),
            database: !WITHOUT_DATABASE.contains(&path),
        }
    }
}

/// One common status: when it applies, what it means, and the word that, in a description the
/// route already gives the status, means it says so already.
struct Common {
    status: &'static str,
    applies: fn(&Shape) -> bool,
    /// Lower case, as it follows "; or " when completing a description.
    reason: fn(&Shape) -> String,
    said_by: &'static str,
    retry_after: bool,
}

const COMMON: [Common; 7] = [
    Common {
        status: "400",
        applies: |s| s.path_parameters || s.query_parameters || s.body,
        reason: malformed,
        said_by: "malformed",
        retry_after: false,
    },
    Common {
        status: "401",
        applies: |s| s.token_required,
        reason: |_| "a missing or unknown token (`unauthorized`)".into(),
        said_by: "token",
        retry_after: false,
    },
    Common {
        status: "403",
        applies: |s| s.token_required,
        reason: |_| {
            "`banned`: the token's player is banned (`until` says when the ban ends; absent: for \
             good)"
                .into()
        },
        said_by: "banned",
        retry_after: false,
    },
    Common {
        status: "413",
        applies: |s| s.body,
        reason: |_| "a body over `--max-body-bytes` (`payload_too_large`)".into(),
        said_by: "max-body-bytes",
        retry_after: false,
    },
    Common {
        status: "429",
        applies: |_| true,
        reason: |_| {
            "too many connections from this client address (`--connections-per-address`): \
             `rate_limited`; see `Retry-After`"
                .into()
        },
        said_by: "connections-per-address",
        retry_after: true,
    },
    Common {
        status: "500",
        applies: |s| s.database,
        reason: |_| "an unexpected failure, logged (`internal`)".into(),
        said_by: "internal",
        retry_after: false,
    },
    Common {
        status: "503",
        applies: |s| s.database,
        reason: |_| {
            "the database cannot be reached now (`internal`): the same call succeeds once it is \
             back; see `Retry-After`"
                .into()
        },
        said_by: "database",
        retry_after: true,
    },
];

/// The `400` of input that does not parse, naming the parts this route has.
fn malformed(shape: &Shape) -> String {
    let parts: Vec<&str> = [
        (
            shape.path_parameters,
            "a path parameter that does not parse (an id that is not a UUID)",
        ),
        (
            shape.query_parameters,
            "a query parameter that does not parse",
        ),
        (
            shape.body,
            "a body that is not JSON of the documented shape",
        ),
    ]
    .into_iter()
    .filter_map(|(has, part)| has.then_some(part))
    .collect();
    format!("malformed input (`bad_request`): {}", parts.join(", or "))
}

/// Adds the common statuses to every operation of `openapi`.
pub fn add_to(openapi: &mut utoipa::openapi::OpenApi) {
    for (path, item) in openapi.paths.paths.iter_mut() {
        let operations = [
            &mut item.get,
            &mut item.put,
            &mut item.post,
            &mut item.delete,
            &mut item.patch,
        ];
        for operation in operations.into_iter().flatten() {
            let shape = Shape::of(path, operation);
            for common in COMMON.iter().filter(|c| (c.applies)(&shape)) {
                add(operation, common, &shape);
            }
        }
    }
}

fn add(operation: &mut Operation, common: &Common, shape: &Shape) {
    let reason = (common.reason)(shape);
    let response = operation
        .responses
        .responses
        .entry(common.status.to_string())
        .or_insert_with(|| RefOr::T(error_response(capitalized(&reason))));
    let RefOr::T(response) = response else {
        return;
    };
    if !response.description.to_lowercase().contains(common.said_by) {
        response.description = format!("{}; or {reason}", response.description);
    }
    if common.retry_after {
        response
            .headers
            .entry("Retry-After".to_string())
            .or_insert_with(retry_after);
    }
}

/// An answer with the contract's error body.
fn error_response(description: String) -> Response {
    let mut response = Response::new(description);
    response.content.insert(
        "application/json".to_string(),
        Content::new(Some(Ref::from_schema_name("ErrorBody"))),
    );
    response
}

fn retry_after() -> Header {
    let mut header = Header::new(Object::with_type(Type::Integer));
    header.description = Some("Seconds to wait before trying again".to_string());
    header
}

fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}
