//! The checks of what a moderator sends: a reason for every action, and durations within bounds.
//! Bad input is `400 bad_request` naming the field, and changes nothing.

use chrono::{DateTime, Duration, SubsecRound, Utc};

use crate::error::ApiError;

/// The longest ban for a time (longer: ban for good).
pub const MAX_BAN_SECS: u64 = 10 * 365 * 24 * 3600;
/// The longest mute.
pub const MAX_MUTE_SECS: u64 = 365 * 24 * 3600;

/// A reason for the audit log: 1 to 500 characters that show.
pub fn reason(raw: &str) -> Result<String, ApiError> {
    crate::text::reason(raw).map_err(|e| ApiError::bad_request(e.to_string()))
}

/// `now` plus `seconds` of the field `what`, if 1 to `max`; in whole seconds, so that the end
/// reads the same wherever it is shown (and stored alike on either database).
pub fn end_after(
    now: DateTime<Utc>,
    seconds: u64,
    what: &str,
    max: u64,
) -> Result<DateTime<Utc>, ApiError> {
    if seconds == 0 || seconds > max {
        return Err(ApiError::bad_request(format!(
            "{what}: must be 1 to {max} seconds"
        )));
    }
    Ok((now + Duration::seconds(seconds as i64)).trunc_subsecs(0))
}
