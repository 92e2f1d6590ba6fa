//! Rooms: one task per live room owning its match ([`room`]), and the registry that finds them by
//! code, creates them, brings them back from the store at start, and loads finished ones on demand.
//!
//! Where a room runs is its [`Placement`]'s to say: here always for a node alone ([`Alone`]); with
//! several nodes, on the node holding its lease ([`crate::cluster`] implements the placement), and a
//! room this node takes runs under a fence. [`Rooms::route`] says whether a room runs here or where,
//! and [`Rooms::deliver`] hands a connection's request to it, here or on its node.
//!
//! Commands to a room go through its channel and are applied one at a time, so moves in a room are
//! ordered and rooms never block each other. Each room publishes its [`RoomInfo`] on a watch channel,
//! so REST reads (a room, the lobby) never wait on a room's queue.

mod code;
mod command;
mod creation;
mod error;
mod loading;
mod lobby;
mod placement;
mod registry;
mod room;
pub mod rules;

pub use code::RoomCode;
pub use command::{
    Answer, BadFrame, Command, FrameAsks, Moderation, ModerationReply, RematchTicket, Request,
    RoomAnswer, RoomModeration, TicketReply,
};
pub use creation::{store_new_room, CreateError, NewSeat, RoomSettings};
pub use error::RoomError;
pub use lobby::LobbyKey;
pub use placement::{next_rejoin, Alone, Claim, ForwardError, Placement, Rejoin};
pub use registry::{
    AskError, DeliverError, RoomContext, RoomHandle, RoomLink, Rooms, Route, Stopped,
};
pub use room::turn::MATCH_MOVED;
