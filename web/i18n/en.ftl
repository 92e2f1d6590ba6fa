# Plateau's web client in English: every message the client shows, by id (Fluent syntax,
# https://projectfluent.org). A translation is a file like this one with the same ids.

## The first visit and invite links (welcome.js)

welcome-title = Board games with friends far away, or with anyone
welcome-pitch = Plateau plays five board games in the browser, for 2 to 4 players: send a private room’s link to friends, or meet other players in the public rooms.
welcome-pitch-more = The server knows the rules, rolls every die and keeps every move, so nobody can cheat and a match goes on after a reload.
welcome-name-heading = Play now, or make a room for friends
welcome-name-intro = Pick a name: no account, no e-mail.
welcome-public-rooms = Public rooms
welcome-play-now-intro = Play now: a waiting room of your level, or a new one.
welcome-lobby-intro = Rooms waiting for players; refreshed every few seconds.
welcome-games = The games
welcome-loading-games = Loading games…
loading = Loading…
name-needed = Choose a name first: the match starts right after.
name-label = Your display name
name-placeholder = e.g. Alice
name-submit = Start playing
name-kept = Kept in this browser, so a reload or another tab is the same player. Have an account?
sign-in = Sign in
name-taken = “{ $name }” belongs to an account: choose another name, or sign in if it is yours.
too-many-players = Too many new players from this connection just now. Try again in { $wait }.
game-players = { $min ->
    [one] { $min } player
   *[other] { $min } players
  }
game-players-range = { $min } to { $max } players
how-to-play = How to play { $game }
player-n = Player { $n }
invite-join = Join room { $code }
invite-from = { $host } invites you to { $game } ({ $players } players)
invite-anonymous = You are invited to { $game } ({ $players } players)

## The header

language = Language
language-in-progress = { $name } (translation in progress)
