//! The error type of the REST API: a contract code, a message for a person, and the HTTP status the
//! code implies. It becomes `{"error": {"code", "message"}}` in one place, [`ApiError::into_response`].

use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use plateau_protocol::bots::Scope;
use plateau_protocol::rest::{ErrorBody, ErrorDetail};
use plateau_protocol::ErrorCode;

#[derive(Debug, thiserror::Error)]
#[error("{code:?}: {message}")]
pub struct ApiError {
    pub code: ErrorCode,
    pub message: String,
    /// For `rate_limited`: seconds until a retry may pass (the `Retry-After` header).
    pub retry_after_secs: Option<u64>,
    /// The database could not be reached: answered 503 with `Retry-After` (code `internal`).
    unavailable: bool,
    /// For `banned` and `muted`: when the ban or mute ends (None: a ban for good).
    pub until: Option<chrono::DateTime<chrono::Utc>>,
    /// For `missing_scope`: the scope the route needs.
    pub scope: Option<Scope>,
    /// For `rate_limited`: the name of the limit reached (`docs/protocol.md`, "Limits").
    pub limit: Option<&'static str>,
}

/// Seconds a client is asked to wait before trying again while the database is away.
const RETRY_WHILE_UNAVAILABLE_SECS: &str = "5";

impl ApiError {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        ApiError {
            code,
            message: crate::text::cap_quotes(&message.into()),
            retry_after_secs: None,
            unavailable: false,
            until: None,
            scope: None,
            limit: None,
        }
    }

    /// `429 rate_limited` by the limit named `limit`, to be retried after `seconds` (at least 1):
    /// the body says both (`limit`, `retry_after_s`), and `Retry-After` the second.
    pub fn rate_limited(limit: &'static str, message: impl Into<String>, seconds: u64) -> Self {
        ApiError {
            retry_after_secs: Some(seconds.max(1)),
            limit: Some(limit),
            ..Self::new(ErrorCode::RateLimited, message)
        }
    }

    /// [`ApiError::rate_limited`] after a wait a rate limit gave, rounded up to whole seconds.
    pub fn rate_limited_for(
        limit: &'static str,
        message: impl Into<String>,
        wait: std::time::Duration,
    ) -> Self {
        Self::rate_limited(limit, message, wait.as_secs_f64().ceil() as u64)
    }

    /// `403 missing_scope`: the caller's personal access token lacks `scope`.
    pub fn missing_scope(scope: Scope) -> Self {
        ApiError {
            scope: Some(scope),
            ..Self::new(
                ErrorCode::MissingScope,
                format!("this token lacks the scope `{}`", scope.as_str()),
            )
        }
    }

    /// The database cannot be reached now: `503` with code `internal`, to be tried again later.
    pub fn unavailable() -> Self {
        ApiError {
            unavailable: true,
            ..Self::new(
                ErrorCode::Internal,
                "the database is unavailable; try again shortly",
            )
        }
    }

    /// `503` (code `internal`), to be tried again shortly, for a reason of its own (a room
    /// moving to another node, or slow to answer).
    pub fn unavailable_because(message: String) -> Self {
        ApiError {
            unavailable: true,
            ..Self::new(ErrorCode::Internal, message)
        }
    }

    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::new(ErrorCode::BadRequest, message)
    }

    /// `403 banned`, with when the ban ends (`until`; none for a ban for good).
    pub fn banned(end: crate::store::BanEnd) -> Self {
        let message = match end {
            crate::store::BanEnd::At(at) => format!(
                "this player is banned until {}",
                at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
            ),
            crate::store::BanEnd::Never => "this player is banned for good".to_string(),
        };
        Self::new(ErrorCode::Banned, message).until(end.until())
    }

    pub fn not_found(what: &str) -> Self {
        Self::new(ErrorCode::NotFound, format!("no such {what}"))
    }

    pub fn unauthorized() -> Self {
        Self::new(
            ErrorCode::Unauthorized,
            "a valid `Authorization: Bearer <token>` header is required",
        )
    }

    /// This error, saying when the ban or mute it reports ends.
    pub fn until(mut self, until: Option<chrono::DateTime<chrono::Utc>>) -> Self {
        self.until = until;
        self
    }

    /// `403 forbidden`: the caller may not do this.
    pub fn forbidden(message: impl Into<String>) -> Self {
        Self::new(ErrorCode::Forbidden, message)
    }

    pub fn status(&self) -> StatusCode {
        if self.unavailable {
            return StatusCode::SERVICE_UNAVAILABLE;
        }
        match self.code {
            ErrorCode::BadRequest => StatusCode::BAD_REQUEST,
            ErrorCode::Unauthorized => StatusCode::UNAUTHORIZED,
            ErrorCode::Forbidden
            | ErrorCode::NotSeated
            | ErrorCode::NotJoined
            | ErrorCode::Banned
            | ErrorCode::Muted
            | ErrorCode::MissingScope => StatusCode::FORBIDDEN,
            ErrorCode::NotFound | ErrorCode::UnknownRoom => StatusCode::NOT_FOUND,
            ErrorCode::Conflict
            | ErrorCode::RoomFull
            | ErrorCode::NotYourTurn
            | ErrorCode::StaleVersion
            | ErrorCode::IllegalMove => StatusCode::CONFLICT,
            ErrorCode::PayloadTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            ErrorCode::RateLimited => StatusCode::TOO_MANY_REQUESTS,
            ErrorCode::Internal => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        crate::metrics::METRICS.error(self.code);
        let status = self.status();
        let body = Json(ErrorBody {
            error: ErrorDetail {
                code: self.code,
                message: self.message,
                until: self.until,
                scope: self.scope,
                limit: self.limit.map(str::to_string),
                retry_after_s: (self.code == ErrorCode::RateLimited)
                    .then(|| self.retry_after_secs.unwrap_or(1)),
            },
        });
        let mut response = (status, body).into_response();
        if self.code == ErrorCode::RateLimited {
            let seconds = self.retry_after_secs.unwrap_or(1);
            response
                .headers_mut()
                .insert("retry-after", axum::http::HeaderValue::from(seconds));
        }
        if self.unavailable {
            response.headers_mut().insert(
                "retry-after",
                axum::http::HeaderValue::from_static(RETRY_WHILE_UNAVAILABLE_SECS),
            );
        }
        response
    }
}

/// Database trouble: logged here with its details, answered `internal` without them: 503 while
/// the database cannot be reached (the client may try again), 500 for any other failure.
impl From<crate::store::StoreError> for ApiError {
    fn from(e: crate::store::StoreError) -> Self {
        if matches!(e, crate::store::StoreError::Away) {
            // Known and logged once by the store: not once more for every request refused.
            return ApiError::unavailable();
        }
        if e.is_unavailable() {
            tracing::warn!(error = %e, "database unavailable");
            return ApiError::unavailable();
        }
        tracing::error!(error = %e, "database error");
        ApiError::new(ErrorCode::Internal, "internal error; it has been logged")
    }
}

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> Self {
        if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::new(ErrorCode::PayloadTooLarge, "request body too large")
        } else {
            ApiError::bad_request(rejection.body_text())
        }
    }
}

impl From<QueryRejection> for ApiError {
    fn from(rejection: QueryRejection) -> Self {
        ApiError::bad_request(rejection.body_text())
    }
}

impl From<PathRejection> for ApiError {
    fn from(rejection: PathRejection) -> Self {
        ApiError::bad_request(rejection.body_text())
    }
}

/// `axum::Json`, with its rejections answered in the contract's error body, taking only a JSON
/// object: every body of the contract is one, and serde reads a struct from an array as well
/// (`["Alice"]` as `{"name": "Alice"}`, `[]` as `{}` when every field has a default), which the
/// document declares invalid (issue 45, point 12: schemathesis closed an account with `[]`).
pub struct ApiJson<T>(pub T);

impl<T, S> axum::extract::FromRequest<S> for ApiJson<T>
where
    T: serde::de::DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(request: axum::extract::Request, state: &S) -> Result<Self, ApiError> {
        // The content type, the size limit and the syntax are axum's checks, as for any body.
        let Json(raw) =
            Json::<Box<serde_json::value::RawValue>>::from_request(request, state).await?;
        if !raw.get().trim_start().starts_with('{') {
            return Err(ApiError::bad_request("the body must be a JSON object"));
        }
        let mut reader = serde_json::Deserializer::from_str(raw.get());
        let value = serde_path_to_error::deserialize(&mut reader).map_err(|e| {
            ApiError::bad_request(field_error(&e.path().to_string(), &e.inner().to_string()))
        })?;
        Ok(ApiJson(value))
    }
}

/// `axum::extract::Query`, with its rejections answered in the contract's error body.
#[derive(axum::extract::FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(ApiError))]
pub struct ApiQuery<T>(pub T);

/// `axum::extract::Path`, with its rejections answered in the contract's error body.
#[derive(axum::extract::FromRequestParts)]
#[from_request(via(axum::extract::Path), rejection(ApiError))]
pub struct ApiPath<T>(pub T);

/// serde's account of JSON that does not read as its type, worded as the contract words every
/// such error (docs/protocol.md, "Errors"): `field: why`. `path` is where it was found (`clock`,
/// `.` at the top); a missing or unknown field is named by serde's message, and joined to it
/// (`clock.kind: missing`). The position in the text serde adds is left out: the field says more.
pub fn field_error(path: &str, message: &str) -> String {
    let message = match message.rfind(" at line ") {
        Some(at) if message[at..].contains(" column ") => &message[..at],
        _ => message,
    };
    // The path of a missing field is its parent's; that of an unknown field is the field's own.
    let join = |field: &str| match path {
        "." | "" => field.to_string(),
        _ if path == field || path.ends_with(&format!(".{field}")) => path.to_string(),
        _ => format!("{path}.{field}"),
    };
    let named = |prefix: &str| {
        let rest = message.strip_prefix(prefix)?;
        let (field, rest) = rest.split_once('`')?;
        Some((join(field), rest.trim_start_matches(',').trim()))
    };
    if let Some((field, _)) = named("missing field `") {
        return format!("{field}: missing");
    }
    if let Some((field, expected)) = named("unknown field `") {
        return match expected {
            "" => format!("{field}: unknown field"),
            expected => format!("{field}: unknown field ({expected})"),
        };
    }
    match path {
        "." | "" => message.to_string(),
        _ => format!("{path}: {message}"),
    }
}

#[cfg(test)]
mod field_error_tests {
    use super::field_error;

    #[test]
    fn names_the_field_first() {
        assert_eq!(
            field_error(".", "missing field `version` at line 1 column 15"),
            "version: missing"
        );
        assert_eq!(
            field_error("clock", "missing field `kind`"),
            "clock.kind: missing"
        );
        assert_eq!(
            field_error("clock.speed", "unknown field `speed`, expected `kind`"),
            "clock.speed: unknown field (expected `kind`)"
        );
        assert_eq!(
            field_error(".", "unknown field `colour`, expected `name` or `scopes`"),
            "colour: unknown field (expected `name` or `scopes`)"
        );
        assert_eq!(
            field_error(
                "version",
                "invalid type: string \"1\", expected u64 at line 1 column 9"
            ),
            "version: invalid type: string \"1\", expected u64"
        );
        assert_eq!(
            field_error(".", "a frame is a JSON object"),
            "a frame is a JSON object"
        );
    }
}
