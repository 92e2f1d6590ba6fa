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

language-name = English
language = Language
language-in-progress = { $name } (translation in progress)
header-playing-as = Playing as
header-guest = (guest)
header-account = Account
header-keep-name = Keep my name
header-moderation = Moderation

## The connection banner (app.js)

banner-signed-out = You were signed out.
banner-sign-in-again = Sign in again
banner-unknown-player = The server no longer knows this player.
banner-choose-name-again = Choose a name again
banner-offline = You are offline: Plateau cannot be reached. Reconnecting as soon as it can…
banner-reconnecting = Reconnecting…
banner-banned = A moderator has banned you from this server: you cannot play or chat here for now.
banner-unavailable = The server is not ready to check who you are right now.
banner-lost = Connection lost.
banner-reconnecting-in = Reconnecting in { $secs } s…
banner-reconnect-now = Reconnect now

## Errors, by the server's stable codes (i18n.js, api.js)

error-bad-request = The server refused this request: something in it is not allowed.
error-unauthorized = This browser is not signed in.
error-forbidden = This is not allowed for this player.
error-not-found = Not found.
error-conflict = That cannot be done now: the room or the match has changed.
error-payload-too-large = This is too long.
error-rate-limited = Too many requests just now: wait a little and try again.
error-internal = The server had a problem; try again in a moment.
error-banned = A moderator has banned you from this server for now.
you-banned-until = A moderator has banned you from this server until { $until }: you cannot play, chat or change your account until then.
error-network = The server cannot be reached; check the connection.
error-not-joined = This page is not in the room any more: reload it.
error-not-seated = You have no seat in this room.
error-not-your-turn = It is not your turn.
error-stale-version = The board had changed meanwhile: it is up to date again.
error-illegal-move = The rules do not allow this move.
error-room-full = The room is full.
error-unknown-room = There is no such room.
error-muted = A moderator muted your chat.
error-other = Something went wrong ({ $code }).
wait-seconds = { $count ->
    [one] { $count } second
   *[other] { $count } seconds
  }
wait-minutes = { $count ->
    [one] { $count } minute
   *[other] { $count } minutes
  }
wait-hours = { $count ->
    [one] { $count } hour
   *[other] { $count } hours
  }

## Accounts' errors (api.js)

account-error-wrong = That name and password do not match an account. Check both (the password is case-sensitive).
account-error-signed-out = This browser is no longer signed in (signed out from another device?): sign in again.
account-error-not-current = That is not your current password: type the one you sign in with now.
account-error-name-kept = This name is already kept by another account: choose another name, or sign in if it is yours.
account-error-too-many-wait = Too many failed attempts. Try again in { $wait }.
account-error-too-many = Too many failed attempts. Try again later.

## Words used on many pages

tag-rated = rated
label-game = Game
label-players = Players
label-clock = Clock
label-rated = Rated
players-count = { $count ->
    [one] { $count } player
   *[other] { $count } players
  }
moves-count = { $count ->
    [one] { $count } move
   *[other] { $count } moves
  }
seat-n = Seat { $n }
no-room = There is no room { $code }.
rated-needs-clock = A rated match needs a clock: pick one.
back-home = Back home
home = Home

## The home page (home.js)

home-new-room = New room
home-room-code = Room code
home-join = Join
home-watch = Games to watch
home-watch-intro = Public matches being played now.
home-watch-unavailable = The matches being played cannot be listed just now.
home-join-by-code = Join by code
home-my-matches = My matches
home-leaderboards = Leaderboards
home-leaderboards-intro = The best settled ratings in each game, from rated rooms.
lobby-empty = No public room is waiting. Create one!
lobby-seated = { $taken }/{ $players } seated
lobby-host = host
watch-empty = No public match is being played right now.
watch-moves-played = { $count ->
    [one] { $count } move played
   *[other] { $count } moves played
  }
watch-just-started = just started
watch-button = Watch
mine-resume = Resume
mine-replay = Replay
mine-live = Live
mine-none = None.
mine-finished = Finished
mine-none-yet = None yet.
create-rated-note = Rated: the result changes the players’ ratings in this game. A rated match needs a person in every seat: no bots, it starts once the room is full.
create-rated-note-clock = A rated match needs a clock, so “No clock” is off while Rated is ticked; a match ended before every player has moved counts for nobody.
create-clock-now = The clock is now { $clock }.
create-host-first = Host first
create-random = Drawn at random
create-more-options = More options (house rules)
create-options = Options
create-no-options = This game has no options.
create-no-limit = no limit
create-who-can-join = Who can join
create-private = Private (by link)
create-public = Public (lobby)
create-seating-title = Host first: you take the first seat and the others sit as they join. Drawn at random: the seats are drawn when the match starts.
create-who-starts = Who starts
create-room = Create room
create-rated-title = The result changes the players’ ratings in this game
create-auto-start-title = The match begins as soon as a person sits in every seat: no Start button to wait for
create-auto-start = Start when full

## Play now (quick.js)

quick-clock-picked = A rated match needs a clock: { $clock } was picked.
quick-play-now = Play now
quick-rated-title = Ratings change with the result (people only, with a clock)

## Clocks (clock-form.js, clock.js)

clock-none = No clock
clock-blitz = Blitz 5+3
clock-rapid = Rapid 15+10
clock-minute = 1 minute per move
clock-days-per-move = { $count ->
    [one] { $count } day per move
   *[other] { $count } days per move
  }
clock-custom = Custom…
clock-field-initial = Time for the match (seconds)
clock-field-increment = Added after each move (seconds)
clock-field-seconds = Seconds per move
clock-field-days = Days per move
clock-kind-fischer = A bank of time, plus an increment per move
clock-kind-per-move = A limit for each move
clock-kind-correspondence = Days for each move
clock-kind-label = Kind of clock
clock-custom-legend = Custom clock
clock-kind = Kind
clock-field-bounds = { $label }, { $min } to { $max }
clock-set-below = Set below.
clock-untimed = Untimed
clock-out-of-bounds = Clock: { $label } must be a whole number from { $min } to { $max }.
span-h = { $h } h
span-h-min = { $h } h { $min } min
span-min = { $min } min
span-s = { $s } s
clock-fischer = { $initial } + { $increment } per move
clock-fischer-bank = { $initial } for the match
clock-per-move = { $time } per move
clock-unknown = A clock this page does not know
left-days = { $d } d { $h } h { $min } min

## Playing against the computer (bots.js)

bot-random = Random
bot-random-what = plays any legal move
bot-easy = Easy
bot-easy-what = thinks a little
bot-strong = Strong
bot-strong-what = thinks ten times longer
bot-level-name = { $level } bot
bots-heading = Play against the computer
bots-level = Level
bots-play = Play
bots-you-and = { $count ->
    [one] You + { $count } bot
   *[other] You + { $count } bots
  }
bots-intro = A private room with the computer in every other seat, started at once.

## Games, results and events in words (events.js, each game's games/<id>/index.js)

game-abalone = Abalone
game-triominos = Triominos
game-pinuid = Pinuid
game-trangouar = Trangouar
game-groups-of-three = Groups-of-Three
variant-classic = Classic
variant-quatro = Quatro
game-with-variant = { $game } { $variant }
reason-six-ejected = six marbles ejected
reason-ply-limit = move limit reached
reason-no-legal-move = no legal move
reason-two-pieces = down to two pieces
reason-last-survivor = last player standing
reason-no-removal-limit = no removal for too long
reason-no-moves = nobody can move
reason-all-pieces-out = all pieces out
reason-blocked = blocked board
reason-simultaneous-wipe-out = every army wiped out at once
reason-stall = nothing changed for too many rounds
reason-went-out = a player went out
reason-target = target score reached
reason-rounds = all rounds played
reason-aborted = aborted, no result counts
reason-timeout = out of time
reason-resigned = resignation
reason-abandoned = a player left
reason-no-show = a player did not come
reason-agreed-draw = agreed by the players
forfeit-resigned = { $who } resigned
forfeit-timeout = { $who } ran out of time
forfeit-abandoned = { $who } left the game
forfeit-no-show = { $who } did not come
forfeit-other = { $who } forfeited ({ $reason })
forfeit-for-team = { $forfeit } (for { $team })
tag-resigned = resigned
tag-timeout = out of time
tag-abandoned = left
tag-no-show = absent
tag-out = out
team-of = team { $names }
team-wins = Team { $names } wins
one-wins = { $who } wins
several-win = { $names } win
scores = scores { $scores }
rated-early = Rated match aborted: it ended before every player had moved, so it counts for nobody
pair-rated-lately = Not rated: these players were already rated together in this game today (their results count once a day)
aborted-internal = Match aborted: no result counts (the server could not go on with it after an internal error)
aborted = Match aborted: no result counts
draw-agreed = Draw agreed
draw = Draw
and = and
octant-ene = east-north-east
octant-nne = north-north-east
octant-nnw = north-north-west
octant-wnw = west-north-west
octant-wsw = west-south-west
octant-ssw = south-south-west
octant-sse = south-south-east
octant-ese = east-south-east
ring-inner = inner triangle
ring-middle = middle ring
ring-outer = outer ring
compass-e = east
compass-n = north
compass-w = west
compass-s = south
compass-ne = north-east
compass-nw = north-west
compass-se = south-east
compass-sw = south-west
compass-short-n = N
compass-short-s = S
compass-short-e = E
compass-short-w = W
compass-short-ne = NE
compass-short-nw = NW
compass-short-se = SE
compass-short-sw = SW
part-big = big part
part-small-first = small part, first
part-small-second = small part, second
space-centre = the centre
space-centre-out = the centre (OUT)
# The label of Groups-of-Three's centre on the board and in the moves (a short word in capitals).
space-out = OUT
space-ring = { $ring } { $octant }
space-transit = { $dir } transit
space-side-group = { $octant } side group, { $part }
space-corner-group = { $dir } corner group, { $part }
pearls = { $red } red, { $black } black, { $white } white
bonus-hexagon = hexagon
bonus-double-hexagon = two hexagons
bonus-triple-hexagon = three hexagons
bonus-bridge = bridge
bonus-bridge-side = bridge side
bonus-opening = opening
bonus-zero-triple = 0-0-0
corpse-pearls = no pearl left
corpse-blocked = walled in
ev-draw-declined = { $who } declined the draw
ev-abalone-moved = { $who } moved { $notation } ({ $dir })
ev-abalone-pushing = , pushing { $count }
ev-abalone-ejecting = , ejecting a marble of { $owner } ({ $score }/6)
ev-moved-arrow = { $who } moved { $from }→{ $to }
ev-pinuid-line = { $who } made a line { $squares }
ev-pinuid-removed = { $who } removed { $square }
ev-pinuid-reentered = { $who } re-entered a piece on { $square }
ev-pinuid-passed = { $who } passed ({ $reason })
ev-pinuid-eliminated = { $who } is eliminated ({ $reason })
ev-wins-because = { $who } wins ({ $reason })
ev-draw-because = Draw ({ $reason })
ev-triominos-placed = { $points ->
    [one] { $who } placed { $tile } for { $points } point
   *[other] { $who } placed { $tile } for { $points } points
  }
ev-triominos-drew-tile = { $who } drew { $tile } ({ $points })
ev-triominos-drew = { $who } drew a tile ({ $points })
ev-triominos-passed-auto = { $who } passed (cannot place, empty pile)
ev-triominos-passed = { $who } passed
ev-triominos-penalty = { $who }: { $points } (three draws, no placement)
ev-triominos-revealed = { $who } shows { $tile }
ev-triominos-round-end = Round { $round } over ({ $reason }); scores { $scores }
ev-triominos-round-start = Round { $round } starts; { $opener } opens
ev-triominos-dealt = You were dealt { $tiles }
ev-game-over-because = Game over ({ $reason })
ev-trangouar-ready-cubes = { $who } has set up ({ $count } cubes)
ev-trangouar-ready = { $who } has set up
ev-trangouar-revealed = Every army is revealed; { $starter } starts
ev-trangouar-nothing = { $who } does nothing
ev-trangouar-exchange = { $who } recoloured the cube on { $cube } ({ $pearls })
ev-trangouar-attack = { $who } attacked { $target } from { $cube }: { $black } black vs { $white } white
ev-trangouar-attack-loser = { " " }→ the cube on { $loser } loses { $count }
ev-trangouar-attack-no-loser = { " " }→ no loser
ev-trangouar-pearls-lost = { $who } lost { $pearls } on { $cube }
ev-trangouar-corpse = The cube on { $at } became a corpse ({ $reason })
ev-trangouar-eliminated = { $who } is out
ev-trangouar-stall = Stalled ({ $count } quiet rounds)
ev-trangouar-won = { $who } wins
ev-groups-dice = { $who } rolled { $a } and { $b }
ev-groups-moved = { $who } moved from { $from } to { $to }
ev-groups-crossed = { $who } crossed from { $from } over { $via } to { $to }
ev-groups-exited = { $who } took a piece out from { $from } ({ $count } out)
ev-groups-added = { $who } added a piece on { $at } ({ $count } in reserve)
ev-groups-turn-end-lost = { $count ->
    [one] { $who }'s turn ends ({ $count } move lost)
   *[other] { $who }'s turn ends ({ $count } moves lost)
  }
ev-groups-turn-end = { $who }'s turn ends
ev-groups-stall = Game over: a draw, as no piece went out or came into play for too many rounds
ev-game-over = Game over
mv-hidden = a secret setup (shown when the match ends)
mv-pinuid-reenter = re-entered a piece on { $to }
mv-pinuid-move-removed = { $from }→{ $to }, removed { $removed }
mv-triominos-place = placed { $tile }
mv-triominos-draw = drew a tile
mv-triominos-pass = passed
mv-trangouar-setup = set up { $count } cubes
mv-trangouar-move = moved { $cube } to { $to }
mv-trangouar-attack = attacked { $target } from { $cube }
mv-trangouar-exchange = recoloured { $cube } to { $pearls }
mv-trangouar-lose = gave up { $pearls }
mv-trangouar-nothing = did nothing
mv-groups-out = out from { $from }
mv-groups-step = { $from } to { $to }
mv-groups-cross = { $from } over { $via } to { $to }
mv-groups-add = a new piece on { $at }
mv-groups-end = ends the turn

## The room: its model and its play area (room-model.js, room-board.js)

name-with-seat = { $name } (seat { $n })
bot-n = Bot { $n }
bot-account-badge = BOT
bot-account-title = A program plays this account
bot-one = Bot
die-value = die { $value }
move-refused = Move refused ({ $code }): { $why }
room-full-watching = { $why }. You are watching.
room-moving = The room is moving to another server: joining it again…
muted-until = A moderator muted your chat until { $until }: the message was not sent.
muted = A moderator muted your chat: the message was not sent.
move-not-connected = Not connected: the move will be sent when the connection is back.
room-clocks = Clocks
room-not-started = The match has not started yet.
room-back-to-game = Back to the game
turn-over = The match is over.
turn-out = You are out of the match ({ $why }); the server plays your seat.
turn-sending = Sending your move…
turn-yours-with = Your turn (with { $names })
turn-yours = Your turn
turn-waiting-for = Waiting for { $names }
turn-waiting-nobody = Waiting for nobody
last-move = Last: { $events }
position-unreadable = That position cannot be read.
looking-start = The start of the match (the game is at move { $now }).
looking-move = Move { $ply } of { $now }: an earlier position.
waiting-players = Waiting for players.
waiting-everyone-in = Every seat is taken: the match starts as soon as everyone is in the room.
waiting-host = Every seat is taken: waiting for the host to start.
waiting-you-start = Every seat is taken: start the match when you are ready.
start-seat-empty = A seat is still empty: wait for a player, or tick the box to fill it with the computer.
account-closed-done = Your account { $name } is closed: everything of it is gone from the server, and the name is free again.

## The room page (room.js, room-head.js, room-seats.js, room-actions.js, room-result.js, room-log.js)

room-board = Board
room-seats = Seats
room-moves = Moves
room-events = Events
room-chat = Chat
room-not-found = Room not found
leave-claim = the others may claim the match if you are not back in time
leave-forfeit = you forfeit the match if you are not back in time
leave-question = Leave the match?
leave-text = Your match is still being played. Away from this room you count as gone: { $ruling }. Come back to this room to play on.
leave-stay = Stay and play
leave-confirm = Leave
room-how-to-play = How to play
room-title = { $game } · room { $code }
room-rated-title = Every seat is a person; the ratings change at the end.
room-clock = Clock: { $clock }
room-watching = { $count } watching
room-nobody-watching = nobody watching
seat-empty = empty
seat-host = host
seat-you = you
seat-connected = connected
seat-not-connected = not connected
seat-away = away
claim-win = Claim the win
claim-draw = Call it a draw
away-forfeits-in = left — forfeits in { $clock }
away-forfeits-now = left — forfeits now
away-claim-in = left — the match may be claimed in { $clock }
away-claim = left — the match may be claimed
seating-random-waiting = Who starts: drawn at random when the match starts (seats may change).
seating-host-waiting = Who starts: { $first } (seat 1), then the others in seat order.
seating-host-waiting-empty = Who starts: whoever sits in seat 1 (seat 1), then the others in seat order.
seating-random-started = Seats were drawn at random at the start; the list shows where everyone sits.
seating-host-started = The host took the first seat; the others sit in the order they joined.
not-connected = Not connected.
room-watching-you = You are watching this room.
rated-start-waiting = A rated match starts once a person sits in every seat.
rated-start-ready = Every seat has a person: the match can start.
start-match = Start the match
fill-bots = fill empty seats with bots
waiting-host-start = Waiting for the host to start.
auto-start-note = The match starts by itself once a person sits in every seat.
give-up-seat = Give up my seat
take-seat = Take a seat
history-link = Match history and replay
spectator-link = spectator link
share-before = Share the
share-after = to let friends watch.
copied = Copied
copy-select = Select the link to copy it
copy-link = Copy link
invite-private = Private room. Invite with:
invite-public = Public room:
sit-again = Sit again (same game, new room)
room-closed = This room was closed: everyone left before the start.
create-another-room = Create another room
result-over = Match over
result-won = You won!
result-lost = You lost
result-replay = replay
log-match-over = Match over: { $result }

## A match's actions, chat, moves, alerts, ratings, reports (match-actions.js, room-chat.js, move-list.js, attention.js, ratings.js, report.js)

not-connected-try-again = Not connected: try again when the connection is back.
resign-lose-seat = You lose the match; the server plays your seat until the end.
resign-lose = { $count ->
    [one] You lose the match: { $names } wins.
   *[other] You lose the match: { $names } win.
  }
resign-question = Resign this match?
resign-keep-playing = Keep playing
resign = Resign
draw-offered-waiting = Draw offered; waiting for the others.
draw-you-offered = You offered a draw.
draw-take-back = Take back the offer
draw-they-offer = { $count ->
    [one] { $names } offers a draw.
   *[other] { $names } offer a draw.
  }
draw-accept = Accept draw
draw-decline = Decline
draw-offer = Offer a draw
draw-spectator = { $names } offered a draw.
rematch-ready = A rematch is ready.
rematch-join = Rematch: join
rematch-setting-up = Setting up the rematch…
rematch = Rematch
rematch-watch = Watch the rematch
# Between a name and what it said in the chat.
said = :
chat-placeholder = Say something
chat-message = Chat message
chat-not-connected = Not connected: the message was not sent.
chat-send = Send
chat-mute-room = Mute this room
chat-off-all = Chat off in all my matches
chat-off-note = Chat is off in all your matches.
chat-off-held = { $count ->
    [one] Chat is off in all your matches ({ $count } message not shown).
   *[other] Chat is off in all your matches ({ $count } messages not shown).
  }
chat-muted-note = This room's chat is muted.
chat-muted-held = { $count ->
    [one] This room's chat is muted ({ $count } message not shown).
   *[other] This room's chat is muted ({ $count } messages not shown).
  }
move-n = Move { $n }
move-n-of = Move { $n }: { $who }, { $move }
turn-head = { $k }. { $who }:
alerts = Turn alerts
alerts-intro = When it is your turn the tab title and icon change. While the tab is in the background, also:
alerts-sound = play a sound
alerts-notify = show a notification
alerts-no-notifications = This browser cannot show notifications.
alerts-refused = The browser refused notifications; allow them in its site settings.
rating-title = { $count ->
    [one] Rating in this game: { $rating } ± { $spread } after { $count } rated match
   *[other] Rating in this game: { $rating } ± { $spread } after { $count } rated matches
  }
rating-title-unsettled = { $count ->
    [one] Rating in this game: { $rating } ± { $spread } after { $count } rated match (not settled yet)
   *[other] Rating in this game: { $rating } ± { $spread } after { $count } rated matches (not settled yet)
  }
report-chat = Offensive chat
report-cheating = Cheating
report-stalling = Stalling: lets the clock run, leaves lost matches
report-name = Offensive name
report-other = Something else
report-already = You have already reported this player; a moderator has not looked at it yet.
report-too-many = You have sent many reports today. Try again in { $wait }.
report-gone = This player or room no longer exists.
report-details-placeholder = What happened (optional)
report-send = Send the report
report-thanks = Thank you: the moderators will look at it.
report-question = Report { $name } to the moderators
report-room-chat = The room’s recent chat goes with the report.
report-why = Why
report-details = Details
close = Close
report-player = Report { $name }
report = Report

## How to play (help.js)

help-no-game = No such game
help-no-page = There is no help page here.

## A match's history and replay (match.js)

chance-shuffle = Fair shuffle
chance-coins = Fair coin flips
chance-dice = Fair dice
chance-seed = Match seed
chance-first-player = Fair draw of who starts
chance-none = { $game } has no luck in it; the seed is kept for every match all the same.
status-playing = in play
status-finished = finished
status-aborted = aborted
status-abandoned = abandoned
match-loading = Loading the match…
match-not-found = Match not found
match-not-found-text = This match does not exist: check the link.
match-move = Move
yes = yes
no = no
option-value = { $option }: { $value }
replay-start = { $count ->
    [one] Start · { $count } move in all
   *[other] Start · { $count } moves in all
  }
replay-move = Move { $n } of { $count }
match-title = { $game } · match
match-room = Room { $code }
match-private-room = A private room
match-started = started { $at }
match-ended = ended { $at }
match-clock = clock: { $clock }
match-live = Live now: watch or play in the room
match-being-played = Being played now.
match-no-result = No result.
replay-previous = Previous move
replay-next = Next move
replay-first = Start of the match
replay-last = Last move
replay-keys = Keys: ← → step, Home and End go to the start and the end.
tag-bot = bot
tag-winner = winner
match-moves = Moves ({ $count }, by turn)
rng-commitment = Commitment (SHA-256 of the seed, published at the start):
rng-checking = Checking…
rng-seed = Seed (revealed at the end):
rng-cannot-hash = This browser cannot hash here; check with: echo -n SEED | xxd -r -p | sha256sum
rng-matches = The seed matches the commitment.
rng-does-not-match = The seed does NOT match the commitment.
rng-later = The seed is revealed when the match ends.
rng-ended = Ended: { $reason }.

## Profiles and leaderboards (profile.js)

profile-rating-change = rating
rating-words = { $rating } (between { $low } and { $high } most likely)
rating-words-unsettled = { $rating } (between { $low } and { $high } most likely), not settled yet
profile-loading = Loading the player…
profile-not-found = Player not found
profile-no-player = There is no such player.
profile-since = Playing since { $at }
profile-totals = { $count ->
    [one] { $count } finished match, { $won } won.
   *[other] { $count } finished matches, { $won } won.
  }
profile-played = Played
profile-won = Won
profile-rating = Rating
profile-rated-matches = Rated matches
leaderboard-of = { $game } leaderboard
profile-no-rated = No rated match yet
profile-no-rated-dot = No rated match yet.
profile-none = No finished match yet.
profile-rating-history = Rating history
profile-recent = Recent matches
profile-being-played = being played
profile-no-match = No match yet.
chart-title = { $name }'s { $game } rating
chart-desc = { $count ->
    [one] { $count } rated match: from { $first } to { $last }, lowest { $low }, highest { $high }.
   *[other] { $count } rated matches: from { $first } to { $last }, lowest { $low }, highest { $high }.
  }
chart-start-point = Start: { $rating }
chart-after-point = After match { $n }: { $rating }
chart-start = start
chart-after = after { $n }
chart-figures = The figures
chart-when = When
chart-before = Before
chart-after-col = After
chart-change = Change
chart-match = Match
chart-summary = { $count ->
    [one] Now { $rating } after { $count } rated match (started at { $first }).
   *[other] Now { $rating } after { $count } rated matches (started at { $first }).
  }
leaderboard = Leaderboard
leaderboard-no-game = There is no game “{ $game }” here.
leaderboard-loading = Loading the leaderboard…
leaderboard-intro = Players with a settled rating only: a rating settles after a few rated matches (its uncertainty under { $unsettled }). Play rated rooms to get on it.
leaderboard-player = Player
leaderboard-empty = Nobody is on this leaderboard yet: a player comes onto it after a few rated matches, once their rating is no longer provisional.
rating-provisional = { $rating } (provisional)

## The account and signing in (account.js)

pw-current = Current password
pw-new = New password
pw-again = The same again
pw-note = { $min } to { $max } characters. Long and unusual is best; it is never shown again.
pw-differ = The two passwords differ: type the same password twice.
pw-length = A password has { $min } to { $max } characters (this one has { $count }).
not-signed-out = Not signed out: { $why }
sign-out-everywhere-ask = Sign out on every device where this account is signed in, this one included?
sign-out-everywhere-yes = Yes, sign out everywhere
cancel = Cancel
pw-change-heading = Change my password
pw-change = Change password
pw-changed = Your password is changed. Every other device is signed out; this one stays signed in.
keep-intro-account = You play as a guest: “{ $name }” lives only in this browser. Set a password to keep the name for yourself and sign in with it anywhere.
keep-done = Done: “{ $name }” is yours. Sign in with it and this password on any device.
account-kind-account = Your account: the name is yours, and you can sign in with it on any device.
account-kind-guest = A guest: this name lives in this browser only.
my-profile = My profile, ratings and matches
signin-other = Sign in to another account
signin-have-account = I have an account: sign in
sign-out = Sign out
sign-out-account-note = Signing out forgets you in this browser; sign in again with your name and password.
sign-out-guest-note = A guest that signs out cannot come back: keep your name first if you want to.
sign-out-everywhere = Sign out everywhere…
not-signed-in = Not signed in.
signin-intro = With the name and password of your account, on any device.
signin-replaces = This browser plays as the guest “{ $name }”; signing in replaces it here.
signin-name = Name
signin-password = Password
signin-as-guest = Play as a guest instead
keep-question = Keep the name “{ $name }”?
keep-intro-offer = You play as a guest, known only to this browser. With a password the name is yours: nobody else can take it, and you can sign in on any device with your ratings and matches.
keep-done-offer = “{ $name }” is yours now. Sign in with it on any device.
not-now = Not now

## Blocks, your data and closing the account (account.js, profile.js, room-chat.js)

blocks-heading = Players I block
blocks-intro = You see none of their chat, quick pairing never puts you together, and they cannot sit in a room you host. They are not told. Block a player from their name.
blocks-none = You block nobody.
block = Block
unblock = Unblock
blocked-note = You block this player.
block-question = Block { $name }?
block-done-name = You blocked { $name }: you will not see their chat.
block-undo = Undo
data-heading = My data
data-intro = Download everything this server holds about you (your profile, ratings, sessions, reports and matches), or close the account: your name becomes free, your chat lines disappear, and your matches stay in your opponents’ histories under “deleted player”.
data-download = Download my data
close-account = Close my account…
close-ask = Close the account “{ $name }” for good? This cannot be undone.
close-yes = Yes, close it

## The boards (board.js, games/*/board.js)

board-cannot-draw = This client cannot draw { $game }.
flip-board = Flip board
# $colour is the palettes' name of a colour: black, white, red, blue, green, yellow, purple, grey.
colour = { $colour }
piece-marble = { $colour } marble
piece-piece = { $colour } piece
piece-cube = { $colour } cube
piece-draft-cube = { $colour } draft cube
piece-corpse-cube = { $colour } corpse cube
layout-standard = Standard
layout-belgian-daisy = Belgian daisy
layout-german-daisy = German daisy
abalone-selected = { $piece }: selected, press to drop it from the group
abalone-add = { $piece }: add to the group
abalone-move = Move { $marbles } { $dir } ({ $notation })
abalone-group = Group: { $marbles }.
abalone-choose-direction = Choose a direction.
abalone-add-or-cancel = Add marbles or cancel.
abalone-hint = Select one to three of your marbles, then a direction.
abalone-pushed-off = { $who } has pushed off { $count } of 6
abalone-pushed-off-team = { $who } (team { $team }) has pushed off { $count } of 6
abalone-start = { $layout } start
abalone-move-n = move { $n }
abalone-last = last { $last }
selected-cancel = { $piece }: selected, press to cancel
pinuid-keep = { $piece }: keep this piece
pinuid-choose = { $piece }: move this piece
pinuid-reenter-on = Re-enter a piece on { $square }
pinuid-move-to = Move { $from } to { $to }
pinuid-remove = Remove the { $piece }
pinuid-hint-reenter = All your pieces stand on one square colour: re-enter a piece on a lit square of your back row.
pinuid-hint = Select one of your pieces, then a lit square.
pinuid-hint-move = Move { $from } to a lit square.
pinuid-hint-lines = { $count ->
    [one] { $from }→{ $to } makes a line: choose the piece to remove.
   *[other] { $from }→{ $to } makes { $count } lines: choose the { $count } pieces to remove.
  }
pinuid-info = { $who }: { $count } on board, { $removed } removed
pinuid-info-out = { $who }: { $count } on board, { $removed } removed (out)
pinuid-without-removal = { $count ->
    [one] { $count } move without a piece removed
   *[other] { $count } moves without a piece removed
  }
choose-it = { $piece }: choose it
groups-add-on = Add a reserve piece on { $space }
groups-out-from = Take the piece on { $from } out through the centre
groups-cross = Cross from { $from } over { $via } to { $to }
groups-move = Move from { $from } to { $to }
groups-moves-left = { $count ->
    [one] { $count } move left
   *[other] { $count } moves left
  }
groups-hint = Pick one of your pieces, then a lit space.
groups-hint-add = Pick a piece to move, or a lit compartment to add a reserve piece.
groups-hint-move = Move the piece on { $space } to a lit space.
end-turn = End turn
groups-info = { $colour } ({ $who }): { $reserve } in reserve, { $count } out
trangouar-phase-setup = Secret setup
trangouar-phase-play = Playing
trangouar-phase-lose = A lost fight: pearls to give up
legend-red = red: steps the cube moves
legend-black = black: coins it flips to attack
legend-white = white: coins it flips to defend
setup-cubes = Use 3 to 9 cubes (now { $count }).
setup-pearls = Share exactly 27 pearls (now { $count }).
setup-more-than-9 = The cube on { $at } carries more than 9 pearls.
setup-more-than-3 = The cube on { $at } has more than 3 pearls of one colour.
setup-empty = The cube on { $at } needs at least one pearl.
cube-name = { $who }: { $pearls } pearls
trangouar-step-to = Step to { $to }
trangouar-move-to = Move the cube on { $from } to { $to }
trangouar-attack = Attack the { $target } with { $from }
trangouar-info = { $who } ({ $zone }): { $state }
trangouar-ready = ready
trangouar-setting-up = setting up
trangouar-army = { $count } cubes, { $pearls } pearls
trangouar-out = (out)
trangouar-quiet-rounds = { $count } quiet rounds
trangouar-edit = { $cube }: edit its pearls
trangouar-put = Put a cube on { $at }
trangouar-setup-in = Your setup is in; waiting for the others. It stays secret until everyone is ready.
trangouar-setup-intro = Secret setup: put 3 to 9 cubes in your zone ({ $zone }) and share exactly 27 pearls among them. Pearls placed:
trangouar-on-cubes = on { $count } cubes.
trangouar-example = Example { $n } ({ $count } cubes)
pearl-field-red = red
pearl-field-black = black
pearl-field-white = white
trangouar-cube-on = Cube on { $at }:
trangouar-remove-cube = Remove cube
trangouar-submit = Submit my setup
trangouar-lost-fight = { $count ->
    [one] Your cube on { $cube } lost the fight: choose the pearl it gives up.
   *[other] Your cube on { $cube } lost the fight: choose the { $count } pearls it gives up.
  }
pearl-count-red = { $count } red
pearl-count-black = { $count } black
pearl-count-white = { $count } white
trangouar-lose = Lose { $pearls }
trangouar-path = Path { $path }: continue or pick a lit destination.
trangouar-hint-selected = Step along a path, pick a lit destination, or a ringed enemy to attack.
trangouar-hint = Pick one of your cubes.
trangouar-new-colours = New colours
trangouar-recolour-to = Recolour to
trangouar-recolour = Recolour
trangouar-do-nothing = Do nothing
opening-rule-zero = Opening: whoever holds the highest triple opens with it, for its value + 10 (0-0-0 may open instead, for 40); if nobody holds a triple, the tile with the highest total opens, for its value only.
opening-rule = Opening: whoever holds the highest triple opens with it, for its value + 10; if nobody holds a triple, the tile with the highest total opens, for its value only.
opening-zero = You hold the highest triple, 0-0-0: it opens the round, for 40.
opening-triple-or-zero = You hold the highest triple, { $tile }: only it may open (or 0-0-0, for 40), for its value + 10.
opening-triple = You hold the highest triple, { $tile }: only it may open, for its value + 10.
opening-highest = Nobody holds a triple, so your highest tile opens: { $tiles }, for its value only.
or = or
tile-last = tile { $tile }, the last placed
tile-placed = tile { $tile }
place-on-cell-up = Place { $tile } on cell { $x }, { $y } pointing up
place-on-cell-down = Place { $tile } on cell { $x }, { $y } pointing down
place-here = Place { $tile } here, turned { $rotation }
tile-n = Tile { $tile }
rack-empty = Your rack is empty.
racks-hidden = The racks are hidden: each player sees only their own.
opening-pick = Open the round: pick your opening tile.
triominos-hint = Pick a tile of your rack, then a lit place.
triominos-hint-place = Place { $tile } on a lit place.
triominos-hint-rotate = Rotate the tile if you like, then place it.
rotate = Rotate
place = Place
draw-tile = Draw a tile (−5, { $draws }/3 drawn)
pass = Pass
triominos-info = { $count ->
    [one] { $who }: { $points } points, { $count } tile
   *[other] { $who }: { $points } points, { $count } tiles
  }
triominos-round = Round { $round }
triominos-target = target { $target }
triominos-pile = pile { $pile }

## The end-of-match breakdown (breakdown.js, room-moves.js)

standing-pushed-off = pushed off { $count } of 6
standing-pieces-left = { $count } pieces left
standing-eliminated = eliminated
standing-army-destroyed = army destroyed
standing-colour-out = { $colour }: { $count } of 10 out
standing-tiles-left = { $count } tiles left in hand
breakdown-draw = draw
breakdown-won = won ({ $reason })
breakdown-lost = lost
breakdown-score = Score
breakdown-result = Result
breakdown-at-end = At the end
breakdown-heading = Final standing
breakdown-rounds = Rounds
breakdown-rounds-played = Rounds ({ $count } played)
breakdown-round = Round
breakdown-how-ended = How it ended
round-went-out = { $names } went out
round-blocked-least = blocked; { $names } had least in hand
round-blocked = blocked
no-move-yet = No move yet.

## Moderation (mod.js)

mod-no-action = No action
mod-mute-hour = Mute chat for an hour
mod-mute-day = Mute chat for a day
mod-ban-day = Ban for a day
mod-ban-week = Ban for a week
mod-ban-ever = Ban for good
mod-unknown-player = an unknown player
mod-open-reports = Open reports
mod-audit-log = Audit log
mod-only = Only moderators see this page.
mod-sign-in = Sign in as a moderator to see this page.
mod-no-reports = No open report.
mod-reason-placeholder = Why (kept in the audit log)
mod-reason = Reason
mod-action = Action
mod-resolve = Resolve
mod-do-ban = Ban
mod-do-mute = Mute
mod-ban-question = Ban { $name }? { $how }.
mod-ban-text = They cannot play, chat or sign in until the ban ends, and the report is resolved.
mod-reported-by = reported by
mod-for = for { $reason }
mod-room = room { $code }
mod-the-match = the match
mod-profile = profile
mod-nothing-yet = Nothing yet.
mod-who = Who
mod-what = What
mod-on = On
mod-command-line = the command line
mod-reason-chat = chat
mod-reason-cheating = cheating
mod-reason-stalling = stalling
mod-reason-name = name
mod-reason-other = other
mod-log-mute = mute
mod-log-unmute = unmute
mod-log-ban = ban
mod-log-unban = unban
mod-log-resolve-report = resolve report
mod-log-delete-chat = delete chat
mod-log-close-room = close room
mod-log-abort-match = abort match
mod-log-rename = rename
mod-log-grant-moderator = grant moderator
mod-log-revoke-moderator = revoke moderator
mod-log-grant-admin = grant admin
mod-log-revoke-admin = revoke admin

## How to play each game (each game's games/<id>/index.js)

help-abalone-pitch = Push your opponent’s marbles off a hexagonal board. Pure strategy, no luck.
help-abalone-goal = Be the first to push six of the other side’s marbles off the board (with 3 or 4 players, six of anyone’s; with 4, in two teams).
help-abalone-turn-1 = On your turn, move one, two or three of your marbles that stand in a straight line, one step in one of the six directions.
help-abalone-turn-2 = A line of your marbles can push a smaller line of the opponent’s along that line (3 push 2 or 1, 2 push 1), if the space behind them is free or off the board.
help-abalone-turn-3 = A marble pushed over the edge is out for good.
help-abalone-term-1 = Column move
help-abalone-term-1-what = the marbles move along their own line, the front one first; only this move can push.
help-abalone-term-2 = Broadside move
help-abalone-term-2-what = the marbles move sideways together; every space they move into must be empty.
help-abalone-term-3 = In the client
help-abalone-term-3-what = tap your marbles (up to three in a line), then one of the yellow arrows; the arrow shows the way they will go on your screen.

help-pinuid-pitch = Get rid of your own pieces by lining up exactly three of them across or up and down; every step is diagonal.
help-pinuid-goal = Be the first to have only two pieces left on the board (in Quatro, with 3 or 4 players, the last one not eliminated also wins).
help-pinuid-turn-1 = On your turn, step one of your pieces one square diagonally, forwards or backwards, onto an empty square. No jumping, no capturing.
help-pinuid-turn-2 = If your step makes a line of exactly three of your own pieces, across or up and down (not diagonally, not four or more), you remove one piece of that line from the board. That is progress: you want to lose pieces.
help-pinuid-turn-3 = A piece never changes its square colour. If all your pieces stand on one colour you can never make a line again: in Classic you bring one back on your back row; in Quatro you are out.
help-pinuid-term-1 = Line
help-pinuid-term-1-what = exactly three of one player’s pieces side by side in a row or a column.
help-pinuid-term-2 = Back row
help-pinuid-term-2-what = the edge row nearest you (Classic only).
help-pinuid-term-3 = Highlights
help-pinuid-term-3-what = the yellow ring marks pieces that can move; blue squares show the last move’s start and end.

help-trangouar-pitch = Armies of cubes carrying pearls: red to move, black to attack, white to defend. Set up in secret, then fight.
help-trangouar-goal = Be the last player who still has a living cube.
help-trangouar-turn-1 = Setup, in secret and at the same time: put 3 to 9 cubes in your corner zone and share exactly 27 pearls among them, at least one per cube and at most 3 of each colour per cube. Then every army is shown.
help-trangouar-turn-2 = Then, on each turn, do one thing: nothing; recolour the pearls of one cube (same number of pearls); move one cube exactly as many steps as it has red pearls, along the lines, through empty points only; or attack an enemy cube next to yours.
help-trangouar-turn-3 = In an attack the attacker flips one coin per black pearl and counts black faces; the defender flips one per white pearl and counts white faces. The side with fewer loses a pearl of its choice (a tie: nothing happens).
help-trangouar-term-1 = Red pearl
help-trangouar-term-1-what = movement: a cube moves exactly as many steps as it has red pearls.
help-trangouar-term-2 = Black pearl
help-trangouar-term-2-what = attack: one coin per black pearl when this cube attacks.
help-trangouar-term-3 = White pearl
help-trangouar-term-3-what = defence: one coin per white pearl when this cube is attacked.
help-trangouar-term-4 = Corpse
help-trangouar-term-4-what = a cube with no pearl left. It belongs to nobody, never moves and blocks the way; a cube walled in by corpses and the edge dies too.

help-triominos-pitch = Triangular dominoes: match the numbers at the corners, score points, empty your rack first.
help-triominos-goal = Score the most points over the rounds (or reach the target score). A round ends when someone has placed all their tiles, or when nobody can play.
help-triominos-turn-1 = Place one tile from your rack so that every corner that touches the board shows the same number as the tiles it touches. You score the sum of the tile’s three numbers, plus bonuses for closing a hexagon or a bridge.
help-triominos-turn-2 = If you cannot (or do not want to) place, draw a tile: 5 points off each time, up to three times, and you may place after any draw. Three draws and still no tile: 10 more points off and your turn ends.
help-triominos-turn-3 = The first tile of a round is the opener: the highest triple, which scores 10 extra (0-0-0 scores 40). Emptying your rack first scores 25 plus what the others still hold.
help-triominos-term-1 = Rack
help-triominos-term-1-what = your tiles; nobody else sees them.
help-triominos-term-2 = Hexagon
help-triominos-term-2-what = your tile is the sixth around one point: +50 (two at once +60, three +70).
help-triominos-term-3 = Bridge
help-triominos-term-3-what = your tile touches the board by one side and by the opposite corner only: +40.
help-triominos-term-4 = In the client
help-triominos-term-4-what = pick a tile in your rack, tap a green place, turn it with Rotate if you like, then Place.

help-groups-of-three-pitch = A race with dice: bring all ten of your pieces into play and out through the centre square.
help-groups-of-three-goal = Be the first to bring all ten pieces of your colour into play and out through the centre (with 2 players each plays two colours, and must finish both).
help-groups-of-three-turn-1 = Roll two dice: their sum is the number of moves this turn, and you must use them while you can.
help-groups-of-three-turn-2 = A move takes one of your pieces across one border line into a neighbouring empty space. A piece that steps into the centre square leaves the board for good.
help-groups-of-three-turn-3 = When one of your pieces arrives in a group of three and exactly one of the group’s other two spaces is taken (by anyone), you may add a piece from your reserve into the empty one. Adding costs no move.
help-groups-of-three-term-1 = Group of three
help-groups-of-three-term-1-what = three spaces split by a T-shaped line; the twelve groups form the outer band of the board.
help-groups-of-three-term-2 = Transit space
help-groups-of-three-term-2-what = one of the four grey triangles: a piece may pass through but may not stop there (crossing costs two moves).
help-groups-of-three-term-3 = Reserve
help-groups-of-three-term-3-what = your pieces not yet on the board: 7 at the start, 3 on the board.
help-goal = Goal
help-turn = A turn
help-words = Words
help-no-need = You need not learn every detail before you play: the server knows the full rules, and only the moves they allow can be made.
help-board = The board
your-rack = Your rack
mod-record = record
mod-reports-of = Reports of this player
mod-actions-on = Actions on this player
mod-no-reports-of = Nobody has reported this player.
mod-report-open = open
mod-report-resolved = resolved: { $how }
mod-banned-until = Banned until { $at }
mod-banned-for-good = Banned for good
mod-muted-until = Chat muted until { $at }
mod-in-good-standing = Neither muted nor banned.

## Tournaments (tournaments.js)
tournaments-title = Tournaments
tournaments-none = No public tournament is running or coming up.
tournament-new = Make a tournament
tournament-new-needs-account = Players with a password make tournaments (set one under Keep my name).
tournament-name = Name
tournament-kind = Kind
tournament-kind-arena = Arena
tournament-kind-swiss = Swiss
tournament-kind-round-robin = Round robin
tournament-kind-arena-line = Arena: for a set time, each player is paired again as soon as a match ends; most points wins, and a third win in a row counts double.
tournament-kind-swiss-line = Swiss: a set number of rounds, each pairing players level on points (or nearly); tie-breaks part equal scores.
tournament-kind-round-robin-line = Round robin: everybody plays everybody once (at most 10 players).
tournament-starts-at = Starts at
tournament-starts-at-empty = (empty: now)
tournament-starts-bad = The start time cannot be read.
tournament-left-count = { $count ->
    [one] (1 left)
   *[other] ({ $count } left)
  }
tournament-game = Game
tournament-players = Players per match
tournament-clock = Clock
tournament-length = Length
tournament-rounds = Rounds
tournament-minutes = Minutes
tournament-public = Public (listed for everyone)
tournament-create = Make it
tournament-summary = { $kind } · { $game } ({ $players } per match) · { $status } · { $entrants ->
    [one] 1 player
   *[other] { $entrants } players
  }
tournament-upcoming = coming up
tournament-running = under way
tournament-finished = over
tournament-starts = starts { $start }
tournament-arena-times = from { $start } to { $end }
tournament-rounds-of = { $rounds } rounds
tournament-rated = rated
tournament-join = Join the tournament
tournament-join-again = Join again
tournament-withdraw = Leave the tournament
tournament-you-in = You are in this tournament.
tournament-you-left = You left this tournament (or did not come to a match): you are paired no more.
tournament-waiting = Waiting for your next match…
tournament-match-ready = Your match is ready.
tournament-going = Your match is ready: going there in { $secs } s.
tournament-go-now = Go to my match
tournament-over = This tournament is over.
tournament-standings = Standings
tournament-player = Player
tournament-points = Points
tournament-buchholz = Buchholz
tournament-sonneborn-berger = Sonneborn-Berger
tournament-played = Played
tournament-fire = Two wins in a row: the next win counts double
tournament-withdrawn = (left)
tournament-rounds-title = Rounds
tournament-round = Round { $round }
tournament-bye = { $name } sits this round out
tournament-bot = a bot
tournament-playing = playing
tournament-not-paired = Nobody has been paired yet.
tournament-not-found = This tournament does not exist
tournament-back-soon = Back to the tournament in { $secs } s.
tournament-back = Back now
tournament-match-of = A match of { $name }.
tournament-this = the tournament
tournament-see = See the standings

## The player's games under way (your-games.js, games-bar.js, games-page.js)

games-title = Your games
games-bar-in-progress = Game in progress
games-bar-several = { $count } games in progress
games-bar-resume = Resume
games-await = { $count ->
    [one] { $count } game awaits your move
   *[other] { $count } games await your move
  }
games-empty = No game under way.
games-find-one = Find one on the home page.
games-against = against { $names }
games-your-move = Your move
games-their-move = { $names } to move
games-time-left = { $time } left
games-last-move = last move { $when }
games-started = started { $when }
games-play = Play
games-open = Open

## Challenges (js/challenges.js on every page, js/challenge-form.js on a profile)
challenge-button = Challenge
challenge-heading = Challenge { $name }
challenge-send = Send the challenge
challenge-wait-note = You go to the room and wait there for { $name } to accept or decline.
challenge-region = Challenges
challenge-incoming = { $name } challenges you to { $game }
challenge-accept = Accept
challenge-decline = Decline
challenge-reason = Reason (optional)
challenge-decline-send = Decline the challenge
challenge-declined = { $name } declined your challenge.
challenge-declined-why = { $name } declined your challenge: “{ $reason }”
challenge-expired = Your challenge got no answer in time.
challenge-dismiss = Dismiss
profile-bot-description = About this bot:

## "Notify me when it is my turn" (js/notify.js)
notify-heading = Notifications
notify-intro = With the tab closed, this device tells you when it is your turn in a match played at leisure, when you are challenged, when a tournament pairs you and when a match of yours ends.
notify-turns = Notify me when it is my turn
notify-on = This device will be notified.
notify-off = This device will not be notified any more.
notify-denied = Notifications are blocked for this site: allow them in the browser’s settings.
notify-unsupported = This browser cannot receive notifications from Plateau.

## Web push: what the server pushes to a player's devices (read by the server, `server/src/push`)
push-turn-title = Your move
push-turn-body = { $game }, room { $code }: it is your turn.
push-challenge-title = { $name } challenges you
push-challenge-body = { $game }, room { $code }: accept or decline.
push-paired-title = Your tournament match is ready
push-paired-body = { $game }, room { $code }: your opponents are waiting.
push-ended-title = Match over
push-ended-body = { $game }, room { $code }: see the result.
