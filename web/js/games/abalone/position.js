//! The position the How to play page and the welcome page draw this game's board from: the start of a 2-player match,
//! as the server's history gives it to a spectator (GET /api/v1/matches/{id}/state).

export const POSITION = {"game":"abalone","ply":0,"result":null,"state":{"board":"00000000000..000.............................111..11111111111","ejected":[0,0],"last":null,"layout":"standard","players":2,"ply":0,"teams":null},"status":"playing","to_move":[0],"version":1,"you":null};
