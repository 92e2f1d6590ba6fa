//! The room's own rules, apart from any game's: clocks ([`clock`]) and what ends a match besides
//! its rules, forfeits and agreed draws among sides ([`forfeits`]). Pure: no I/O, no clock read
//! here; the room passes the time in.

pub mod clock;
pub mod forfeits;
