//! Helpers for the end-to-end tests in tests/tests/.
