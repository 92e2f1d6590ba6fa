//! The position the How to play page and the welcome page draw this game's board from: the start of a 2-player match,
//! as the server's history gives it to a spectator (GET /api/v1/matches/{id}/state).

export const POSITION = {"game":"pinuid","ply":0,"result":null,"state":{"board":"00.00.00..0..0....................................1..1..11.11.11","eliminated":[false,false],"last":null,"pieces":[8,8],"players":2,"plies_without_removal":0,"removed":[0,0],"to_move":0,"variant":"classic"},"status":"playing","to_move":[0],"version":1,"you":null};
