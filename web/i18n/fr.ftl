# Le client web de Plateau en français : chaque message que montre le client, par identifiant
# (syntaxe Fluent, https://projectfluent.org), les mêmes que dans en.ftl.

## La première visite et les liens d’invitation (welcome.js)

welcome-title = Des jeux de plateau avec des amis au loin, ou avec n’importe qui
welcome-pitch = Plateau fait jouer cinq jeux de plateau dans le navigateur, de 2 à 4 joueurs : envoyez le lien d’un salon privé à vos amis, ou retrouvez d’autres joueurs dans les salons publics.
welcome-pitch-more = Le serveur connaît les règles, lance chaque dé et garde chaque coup : personne ne peut tricher, et une partie reprend après un rechargement.
welcome-name-heading = Jouer tout de suite, ou ouvrir un salon pour des amis
welcome-name-intro = Choisissez un nom : ni compte, ni adresse e-mail.
welcome-public-rooms = Salons publics
welcome-play-now-intro = Jouer tout de suite : un salon qui attend des joueurs de votre niveau, ou un nouveau.
welcome-lobby-intro = Les salons qui attendent des joueurs ; mis à jour toutes les quelques secondes.
welcome-games = Les jeux
welcome-loading-games = Chargement des jeux…
loading = Chargement…
name-needed = Choisissez d’abord un nom : la partie commence juste après.
name-label = Votre nom affiché
name-placeholder = par ex. Alice
name-submit = Commencer à jouer
name-kept = Gardé dans ce navigateur : un rechargement ou un autre onglet, c’est le même joueur. Vous avez un compte ?
sign-in = Se connecter
name-taken = « { $name } » appartient à un compte : choisissez un autre nom, ou connectez-vous si c’est le vôtre.
too-many-players = Trop de nouveaux joueurs depuis cette connexion pour l’instant. Réessayez dans { $wait }.
game-players = { $min ->
    [one] { $min } joueur
   *[other] { $min } joueurs
  }
game-players-range = de { $min } à { $max } joueurs
how-to-play = Comment jouer à { $game }
player-n = Joueur { $n }
invite-join = Rejoindre le salon { $code }
invite-from = { $host } vous invite à { $game } ({ $players } joueurs)
invite-anonymous = Une invitation à { $game } ({ $players } joueurs)

## L’en-tête

language-name = Français
language = Langue
language-in-progress = { $name } (traduction en cours)
header-playing-as = Vous jouez en tant que
header-guest = (sans compte)
header-account = Compte
header-keep-name = Garder mon nom
header-moderation = Modération

## Le bandeau de connexion (app.js)

banner-signed-out = Votre session a été fermée.
banner-sign-in-again = Se reconnecter
banner-unknown-player = Le serveur ne connaît plus ce joueur.
banner-choose-name-again = Choisir de nouveau un nom
banner-offline = Vous êtes hors ligne : Plateau est injoignable. Reconnexion dès que possible…
banner-reconnecting = Reconnexion…
banner-banned = Un modérateur vous a banni de ce serveur : vous ne pouvez ni jouer ni discuter ici pour l’instant.
banner-unavailable = Le serveur ne peut pas vérifier qui vous êtes pour le moment.
banner-lost = Connexion perdue.
banner-reconnecting-in = Reconnexion dans { $secs } s…
banner-reconnect-now = Se reconnecter maintenant

## Les erreurs, par les codes stables du serveur (i18n.js, api.js)

error-bad-request = Le serveur a refusé cette demande : quelque chose n’y est pas permis.
error-unauthorized = Ce navigateur n’est pas connecté.
error-forbidden = Ce n’est pas permis à ce joueur.
error-not-found = Introuvable.
error-conflict = Impossible pour l’instant : le salon ou la partie a changé.
error-payload-too-large = C’est trop long.
error-rate-limited = Trop de demandes à la fois : attendez un peu et réessayez.
error-internal = Le serveur a rencontré un problème ; réessayez dans un instant.
error-banned = Un modérateur vous a banni de ce serveur pour l’instant.
you-banned-until = Un modérateur vous a banni de ce serveur jusqu’au { $until } : d’ici là, vous ne pouvez ni jouer, ni discuter, ni modifier votre compte.
error-network = Impossible de joindre le serveur ; vérifiez la connexion.
error-not-joined = Cette page n’est plus dans le salon : rechargez-la.
error-not-seated = Vous n’avez pas de place dans ce salon.
error-not-your-turn = Ce n’est pas votre tour.
error-stale-version = Le plateau avait changé entre-temps : il est de nouveau à jour.
error-illegal-move = Les règles ne permettent pas ce coup.
error-room-full = Le salon est complet.
error-unknown-room = Ce salon n’existe pas.
error-muted = Un modérateur a coupé votre discussion.
error-other = Une erreur s’est produite ({ $code }).
wait-seconds = { $count ->
    [one] { $count } seconde
   *[other] { $count } secondes
  }
wait-minutes = { $count ->
    [one] { $count } minute
   *[other] { $count } minutes
  }
wait-hours = { $count ->
    [one] { $count } heure
   *[other] { $count } heures
  }

## Les erreurs des comptes (api.js)

account-error-wrong = Ce nom et ce mot de passe ne correspondent à aucun compte. Vérifiez les deux (le mot de passe distingue majuscules et minuscules).
account-error-signed-out = Ce navigateur n’est plus connecté (déconnecté depuis un autre appareil ?) : reconnectez-vous.
account-error-not-current = Ce n’est pas votre mot de passe actuel : tapez celui avec lequel vous vous connectez aujourd’hui.
account-error-name-kept = Ce nom est déjà gardé par un autre compte : choisissez-en un autre, ou connectez-vous si c’est le vôtre.
account-error-too-many-wait = Trop de tentatives échouées. Réessayez dans { $wait }.
account-error-too-many = Trop de tentatives échouées. Réessayez plus tard.

## Des mots de plusieurs pages

tag-rated = classée
label-game = Jeu
label-players = Joueurs
label-clock = Pendule
label-rated = Classée
players-count = { $count ->
    [one] { $count } joueur
   *[other] { $count } joueurs
  }
moves-count = { $count ->
    [one] { $count } coup
   *[other] { $count } coups
  }
seat-n = Place { $n }
no-room = Il n’y a pas de salon { $code }.
rated-needs-clock = Une partie classée demande une pendule : choisissez-en une.
back-home = Retour à l’accueil
home = Accueil

## L’accueil (home.js)

home-new-room = Nouveau salon
home-room-code = Code du salon
home-join = Rejoindre
home-watch = Parties à regarder
home-watch-intro = Les parties publiques en cours.
home-watch-unavailable = Impossible d’afficher les parties en cours pour l’instant.
home-join-by-code = Rejoindre avec un code
home-my-matches = Mes parties
home-leaderboards = Classements
home-leaderboards-intro = Les meilleurs classements établis de chaque jeu, issus des salons classés.
lobby-empty = Aucun salon public n’attend de joueurs. Créez-en un !
lobby-seated = { $taken }/{ $players } assis
lobby-host = hôte
watch-empty = Aucune partie publique n’est en cours.
watch-moves-played = { $count ->
    [one] { $count } coup joué
   *[other] { $count } coups joués
  }
watch-just-started = vient de commencer
watch-button = Regarder
mine-resume = Reprendre
mine-replay = Revoir
mine-live = En cours
mine-none = Aucune.
mine-finished = Terminées
mine-none-yet = Aucune pour l’instant.
create-rated-note = Classée : le résultat change le classement des joueurs dans ce jeu. Une partie classée demande une personne à chaque place : pas d’ordinateur, elle commence quand le salon est complet.
create-rated-note-clock = Une partie classée demande une pendule : « Sans pendule » est indisponible tant que Classée est cochée ; une partie finie avant que chaque joueur ait joué ne compte pour personne.
create-clock-now = La pendule est maintenant { $clock }.
create-host-first = L’hôte d’abord
create-random = Tiré au sort
create-more-options = Plus d’options (règles maison)
create-options = Options
create-no-options = Ce jeu n’a pas d’options.
create-no-limit = sans limite
create-who-can-join = Qui peut venir
create-private = Privé (par lien)
create-public = Public (salons publics)
create-seating-title = L’hôte d’abord : vous prenez la première place et les autres s’assoient à mesure qu’ils arrivent. Tiré au sort : les places sont tirées au début de la partie.
create-who-starts = Qui commence
create-room = Créer le salon
create-rated-title = Le résultat change le classement des joueurs dans ce jeu
create-auto-start-title = La partie commence dès qu’une personne occupe chaque place : pas de bouton Commencer à attendre
create-auto-start = Commencer une fois complet

## Jouer tout de suite (quick.js)

quick-clock-picked = Une partie classée demande une pendule : { $clock } a été choisie.
quick-play-now = Jouer tout de suite
quick-rated-title = Le classement change selon le résultat (personnes seulement, avec une pendule)

## Les pendules (clock-form.js, clock.js)

clock-none = Sans pendule
clock-blitz = Blitz 5+3
clock-rapid = Rapide 15+10
clock-minute = 1 minute par coup
clock-days-per-move = { $count ->
    [one] { $count } jour par coup
   *[other] { $count } jours par coup
  }
clock-custom = Personnalisée…
clock-field-initial = Temps pour la partie (secondes)
clock-field-increment = Ajouté après chaque coup (secondes)
clock-field-seconds = Secondes par coup
clock-field-days = Jours par coup
clock-kind-fischer = Une réserve de temps, plus un ajout à chaque coup
clock-kind-per-move = Une limite pour chaque coup
clock-kind-correspondence = Des jours pour chaque coup
clock-kind-label = Type de pendule
clock-custom-legend = Pendule personnalisée
clock-kind = Type
clock-field-bounds = { $label }, de { $min } à { $max }
clock-set-below = Réglée plus bas.
clock-untimed = Sans limite de temps
clock-out-of-bounds = Pendule : { $label } doit être un nombre entier de { $min } à { $max }.
span-h = { $h } h
span-h-min = { $h } h { $min } min
span-min = { $min } min
span-s = { $s } s
clock-fischer = { $initial } + { $increment } par coup
clock-fischer-bank = { $initial } pour la partie
clock-per-move = { $time } par coup
clock-unknown = Une pendule que cette page ne connaît pas
left-days = { $d } j { $h } h { $min } min

## Jouer contre l’ordinateur (bots.js)

bot-random = Hasard
bot-random-what = joue n’importe quel coup permis
bot-easy = Facile
bot-easy-what = réfléchit un peu
bot-strong = Fort
bot-strong-what = réfléchit dix fois plus longtemps
bot-level-name = Niveau { $level }
bots-heading = Jouer contre l’ordinateur
bots-level = Niveau
bots-play = Jouer
bots-you-and = { $count ->
    [one] Vous + { $count } ordinateur
   *[other] Vous + { $count } ordinateurs
  }
bots-intro = Un salon privé avec l’ordinateur à chaque autre place, lancé tout de suite.

## Les jeux, les résultats et les événements en mots (events.js, games/<id>/index.js de chaque jeu)

game-abalone = Abalone
game-triominos = Triominos
game-pinuid = Pinuid
game-trangouar = Trangouar
game-groups-of-three = Groupe de trois
variant-classic = Classique
variant-quatro = Quatro
game-with-variant = { $game } { $variant }
reason-six-ejected = six billes éjectées
reason-ply-limit = limite de coups atteinte
reason-no-legal-move = aucun coup permis
reason-two-pieces = plus que deux pions
reason-last-survivor = dernier joueur en jeu
reason-no-removal-limit = aucun retrait depuis trop longtemps
reason-no-moves = personne ne peut jouer
reason-all-pieces-out = tous les pions sortis
reason-blocked = jeu bloqué
reason-simultaneous-wipe-out = toutes les armées détruites en même temps
reason-stall = rien n’a changé depuis trop de tours
reason-went-out = un joueur a posé toutes ses tuiles
reason-target = score à atteindre atteint
reason-rounds = toutes les manches jouées
reason-aborted = annulée, aucun résultat ne compte
reason-timeout = temps écoulé
reason-resigned = abandon
reason-abandoned = un joueur est parti
reason-no-show = un joueur n’est pas venu
reason-agreed-draw = d’un commun accord
forfeit-resigned = { $who } a abandonné
forfeit-timeout = { $who } n’a plus de temps
forfeit-abandoned = { $who } a quitté la partie
forfeit-no-show = { $who } n’est pas venu
forfeit-other = { $who } a perdu par forfait ({ $reason })
forfeit-for-team = { $forfeit } (pour { $team })
tag-resigned = a abandonné
tag-timeout = temps écoulé
tag-abandoned = a quitté
tag-no-show = absent
tag-out = hors jeu
team-of = l’équipe { $names }
team-wins = L’équipe { $names } gagne
one-wins = { $who } gagne
several-win = { $names } gagnent
scores = scores { $scores }
rated-early = Partie classée annulée : elle a pris fin avant que chaque joueur ait joué, elle ne compte donc pour personne
pair-rated-lately = Non classée : ces joueurs ont déjà été classés ensemble dans ce jeu aujourd’hui (leurs résultats comptent une fois par jour)
aborted-internal = Partie annulée : aucun résultat ne compte (le serveur n’a pas pu la poursuivre après une erreur interne)
aborted = Partie annulée : aucun résultat ne compte
draw-agreed = Partie nulle d’un commun accord
draw = Partie nulle
and = et
octant-ene = est-nord-est
octant-nne = nord-nord-est
octant-nnw = nord-nord-ouest
octant-wnw = ouest-nord-ouest
octant-wsw = ouest-sud-ouest
octant-ssw = sud-sud-ouest
octant-sse = sud-sud-est
octant-ese = est-sud-est
ring-inner = triangle intérieur
ring-middle = anneau du milieu
ring-outer = anneau extérieur
compass-e = est
compass-n = nord
compass-w = ouest
compass-s = sud
compass-ne = nord-est
compass-nw = nord-ouest
compass-se = sud-est
compass-sw = sud-ouest
compass-short-n = N
compass-short-s = S
compass-short-e = E
compass-short-w = O
compass-short-ne = NE
compass-short-nw = NO
compass-short-se = SE
compass-short-sw = SO
part-big = grande partie
part-small-first = petite partie, la première
part-small-second = petite partie, la seconde
space-centre = le centre
space-centre-out = le centre (SORTIE)
# L’étiquette du centre de Groupe de trois, sur le plateau et dans les coups (un mot court en capitales).
space-out = SORTIE
space-ring = { $ring } { $octant }
space-transit = case de transit { $dir }
space-side-group = groupe de côté { $octant }, { $part }
space-corner-group = groupe de coin { $dir }, { $part }
pearls = { $red ->
    [one] { $red } rouge
   *[other] { $red } rouges
  }, { $black ->
    [one] { $black } noire
   *[other] { $black } noires
  }, { $white ->
    [one] { $white } blanche
   *[other] { $white } blanches
  }
bonus-hexagon = hexagone
bonus-double-hexagon = deux hexagones
bonus-triple-hexagon = trois hexagones
bonus-bridge = pont
bonus-bridge-side = côté de pont
bonus-opening = ouverture
bonus-zero-triple = 0-0-0
corpse-pearls = plus aucune perle
corpse-blocked = emmuré
ev-draw-declined = { $who } a refusé la nulle
ev-abalone-moved = { $who } a joué { $notation } ({ $dir })
ev-abalone-pushing = , en poussant { $count }
ev-abalone-ejecting = , en éjectant une bille de { $owner } ({ $score }/6)
ev-moved-arrow = { $who } a joué { $from }→{ $to }
ev-pinuid-line = { $who } a fait une ligne { $squares }
ev-pinuid-removed = { $who } a retiré { $square }
ev-pinuid-reentered = { $who } a remis un pion en jeu sur { $square }
ev-pinuid-passed = { $who } a passé ({ $reason })
ev-pinuid-eliminated = { $who } sort du jeu ({ $reason })
ev-wins-because = { $who } gagne ({ $reason })
ev-draw-because = Partie nulle ({ $reason })
ev-triominos-placed = { $points ->
    [one] { $who } a posé { $tile } pour { $points } point
   *[other] { $who } a posé { $tile } pour { $points } points
  }
ev-triominos-drew-tile = { $who } a pioché { $tile } ({ $points })
ev-triominos-drew = { $who } a pioché une tuile ({ $points })
ev-triominos-passed-auto = { $who } a passé (aucune pose possible, pioche vide)
ev-triominos-passed = { $who } a passé
ev-triominos-penalty = { $who } : { $points } (trois pioches, aucune pose)
ev-triominos-revealed = { $who } montre { $tile }
ev-triominos-round-end = Fin de la manche { $round } ({ $reason }) ; scores { $scores }
ev-triominos-round-start = La manche { $round } commence ; { $opener } ouvre
ev-triominos-dealt = Vous avez reçu { $tiles }
ev-game-over-because = Partie terminée ({ $reason })
ev-trangouar-ready-cubes = { $who } a fait sa mise en place ({ $count } cubes)
ev-trangouar-ready = { $who } a fait sa mise en place
ev-trangouar-revealed = Toutes les armées sont dévoilées ; { $starter } commence
ev-trangouar-nothing = { $who } ne fait rien
ev-trangouar-exchange = { $who } a changé les perles du cube en { $cube } ({ $pearls })
ev-trangouar-attack = { $who } a attaqué { $target } depuis { $cube } : { $black ->
    [one] { $black } face noire
   *[other] { $black } faces noires
  } contre { $white ->
    [one] { $white } face blanche
   *[other] { $white } faces blanches
  }
ev-trangouar-attack-loser = { " " }→ le cube en { $loser } perd { $count }
ev-trangouar-attack-no-loser = { " " }→ pas de perdant
ev-trangouar-pearls-lost = { $who } a perdu { $pearls } en { $cube }
ev-trangouar-corpse = Le cube en { $at } est devenu un cadavre ({ $reason })
ev-trangouar-eliminated = { $who } est hors jeu
ev-trangouar-stall = { $count ->
    [one] Jeu bloqué ({ $count } tour sans rien)
   *[other] Jeu bloqué ({ $count } tours sans rien)
  }
ev-trangouar-won = { $who } gagne
ev-groups-dice = { $who } a lancé { $a } et { $b }
ev-groups-moved = { $who } est passé de { $from } à { $to }
ev-groups-crossed = { $who } a traversé de { $from } par { $via } jusqu’à { $to }
ev-groups-exited = { $count ->
    [one] { $who } a sorti un pion depuis { $from } ({ $count } sorti)
   *[other] { $who } a sorti un pion depuis { $from } ({ $count } sortis)
  }
ev-groups-added = { $who } a ajouté un pion en { $at } ({ $count } en réserve)
ev-groups-turn-end-lost = { $count ->
    [one] Fin du tour de { $who } ({ $count } déplacement perdu)
   *[other] Fin du tour de { $who } ({ $count } déplacements perdus)
  }
ev-groups-turn-end = Fin du tour de { $who }
ev-groups-stall = Partie terminée : nulle, aucun pion n’est sorti ni entré en jeu depuis trop de tours
ev-game-over = Partie terminée
mv-hidden = une mise en place secrète (montrée à la fin de la partie)
mv-pinuid-reenter = a remis un pion en jeu sur { $to }
mv-pinuid-move-removed = { $from }→{ $to }, a retiré { $removed }
mv-triominos-place = a posé { $tile }
mv-triominos-draw = a pioché une tuile
mv-triominos-pass = a passé
mv-trangouar-setup = { $count } cubes mis en place
mv-trangouar-move = a déplacé { $cube } en { $to }
mv-trangouar-attack = a attaqué { $target } depuis { $cube }
mv-trangouar-exchange = a changé les perles de { $cube } en { $pearls }
mv-trangouar-lose = a cédé { $pearls }
mv-trangouar-nothing = n’a rien fait
mv-groups-out = sorti depuis { $from }
mv-groups-step = { $from } à { $to }
mv-groups-cross = { $from } par { $via } jusqu’à { $to }
mv-groups-add = un nouveau pion en { $at }
mv-groups-end = finit le tour

## Le salon : son modèle et l’aire de jeu (room-model.js, room-board.js)

name-with-seat = { $name } (place { $n })
bot-n = Ordinateur { $n }
bot-account-badge = BOT
bot-account-title = Un programme joue pour ce compte
bot-one = Ordinateur
die-value = dé { $value }
move-refused = Coup refusé : { $why }
room-full-watching = { $why } Vous regardez la partie.
room-moving = Le salon passe sur un autre serveur : on le rejoint à nouveau…
muted-until = Un modérateur a coupé votre discussion jusqu’au { $until } : le message n’a pas été envoyé.
muted = Un modérateur a coupé votre discussion : le message n’a pas été envoyé.
move-not-connected = Pas de connexion : le coup sera envoyé dès le retour de la connexion.
room-clocks = Pendules
room-not-started = La partie n’a pas encore commencé.
room-back-to-game = Retour à la partie
turn-over = La partie est terminée.
turn-out = Vous êtes hors de la partie ({ $why }) ; le serveur joue votre place.
turn-sending = Envoi de votre coup…
turn-yours-with = À vous de jouer (avec { $names })
turn-yours = À vous de jouer
turn-waiting-for = En attente de { $names }
turn-waiting-nobody = En attente de personne
last-move = Dernier coup : { $events }
position-unreadable = Impossible de lire cette position.
looking-start = Le début de la partie (la partie en est au coup { $now }).
looking-move = Coup { $ply } sur { $now } : une position antérieure.
waiting-players = En attente de joueurs.
waiting-everyone-in = Toutes les places sont prises : la partie commence dès que tout le monde est dans le salon.
waiting-host = Toutes les places sont prises : en attente du lancement par l’hôte.
waiting-you-start = Toutes les places sont prises : lancez la partie quand vous êtes prêt.
start-seat-empty = Une place est encore vide : attendez un joueur, ou cochez la case pour la confier à l’ordinateur.
account-closed-done = Votre compte { $name } est fermé : tout ce qui le concernait a quitté le serveur, et le nom est de nouveau libre.

## La page du salon (room.js, room-head.js, room-seats.js, room-actions.js, room-result.js, room-log.js)

room-board = Plateau
room-seats = Places
room-moves = Coups
room-events = Événements
room-chat = Discussion
room-not-found = Salon introuvable
leave-claim = les autres pourront réclamer la partie si vous ne revenez pas à temps
leave-forfeit = vous perdez la partie par forfait si vous ne revenez pas à temps
leave-question = Quitter la partie ?
leave-text = Votre partie est en cours. Hors de ce salon, votre absence compte comme un départ : { $ruling }. Revenez dans ce salon pour continuer à jouer.
leave-stay = Rester et jouer
leave-confirm = Quitter
room-how-to-play = Comment jouer
room-title = { $game } · salon { $code }
room-rated-title = Chaque place est occupée par une personne ; les classements changent à la fin.
room-clock = Pendule : { $clock }
room-watching = { $count ->
    [one] { $count } spectateur
   *[other] { $count } spectateurs
  }
room-nobody-watching = aucun spectateur
seat-empty = libre
seat-host = hôte
seat-you = vous
seat-connected = en ligne
seat-not-connected = hors ligne
seat-away = hors ligne
claim-win = Réclamer la victoire
claim-draw = Déclarer la nulle
away-forfeits-in = a quitté — forfait dans { $clock }
away-forfeits-now = a quitté — forfait maintenant
away-claim-in = a quitté — la partie pourra être réclamée dans { $clock }
away-claim = a quitté — la partie peut être réclamée
seating-random-waiting = Qui commence : tiré au sort au début de la partie (les places peuvent changer).
seating-host-waiting = Qui commence : { $first } (place 1), puis les autres dans l’ordre des places.
seating-host-waiting-empty = Qui commence : la personne assise à la place 1, puis les autres dans l’ordre des places.
seating-random-started = Les places ont été tirées au sort au début ; la liste montre où chacun est assis.
seating-host-started = L’hôte a pris la première place ; les autres se sont assis dans l’ordre d’arrivée.
not-connected = Pas de connexion.
room-watching-you = Vous regardez ce salon.
rated-start-waiting = Une partie classée commence quand une personne occupe chaque place.
rated-start-ready = Chaque place est occupée par une personne : la partie peut commencer.
start-match = Commencer la partie
fill-bots = compléter les places libres avec l’ordinateur
waiting-host-start = En attente du lancement par l’hôte.
auto-start-note = La partie commence d’elle-même quand une personne occupe chaque place.
give-up-seat = Libérer ma place
take-seat = Prendre une place
history-link = Historique et revue de la partie
spectator-link = lien spectateur
share-before = Partagez le
share-after = pour que vos amis regardent.
copied = Copié
copy-select = Sélectionnez le lien pour le copier
copy-link = Copier le lien
invite-private = Salon privé. Invitez avec :
invite-public = Salon public :
sit-again = Se rasseoir (même jeu, nouveau salon)
room-closed = Ce salon a été fermé : tout le monde est parti avant le début.
create-another-room = Créer un autre salon
result-over = Partie terminée
result-won = Vous avez gagné !
result-lost = Vous avez perdu
result-replay = revoir
log-match-over = Partie terminée : { $result }

## Les actions d’une partie, la discussion, les coups, les alertes, les classements, les signalements (match-actions.js, room-chat.js, move-list.js, attention.js, ratings.js, report.js)

not-connected-try-again = Pas de connexion : réessayez quand la connexion sera revenue.
resign-lose-seat = Vous perdez la partie ; le serveur joue votre place jusqu’à la fin.
resign-lose = { $count ->
    [one] Vous perdez la partie : { $names } gagne.
   *[other] Vous perdez la partie : { $names } gagnent.
  }
resign-question = Abandonner cette partie ?
resign-keep-playing = Continuer à jouer
resign = Abandonner
draw-offered-waiting = Nulle proposée ; en attente des autres.
draw-you-offered = Vous avez proposé la nulle.
draw-take-back = Retirer la proposition
draw-they-offer = { $count ->
    [one] { $names } propose la nulle.
   *[other] { $names } proposent la nulle.
  }
draw-accept = Accepter la nulle
draw-decline = Refuser
draw-offer = Proposer la nulle
draw-spectator = { $names } a proposé la nulle.
rematch-ready = Une revanche est prête.
rematch-join = Revanche : rejoindre
rematch-setting-up = Préparation de la revanche…
rematch = Revanche
rematch-watch = Regarder la revanche
# Entre un nom et ce qu’il a dit dans la discussion.
said = { " " }:
chat-placeholder = Dites quelque chose
chat-message = Message de discussion
chat-not-connected = Pas de connexion : le message n’a pas été envoyé.
chat-send = Envoyer
chat-mute-room = Couper ce salon
chat-off-all = Discussion coupée dans toutes mes parties
chat-off-note = La discussion est coupée dans toutes vos parties.
chat-off-held = { $count ->
    [one] La discussion est coupée dans toutes vos parties ({ $count } message non affiché).
   *[other] La discussion est coupée dans toutes vos parties ({ $count } messages non affichés).
  }
chat-muted-note = La discussion de ce salon est coupée.
chat-muted-held = { $count ->
    [one] La discussion de ce salon est coupée ({ $count } message non affiché).
   *[other] La discussion de ce salon est coupée ({ $count } messages non affichés).
  }
move-n = Coup { $n }
move-n-of = Coup { $n } : { $who }, { $move }
turn-head = { $k }. { $who } :
alerts = Alertes de tour
alerts-intro = Quand c’est votre tour, le titre et l’icône de l’onglet changent. Quand l’onglet est en arrière-plan, aussi :
alerts-sound = jouer un son
alerts-notify = afficher une notification
alerts-no-notifications = Ce navigateur ne sait pas afficher de notifications.
alerts-refused = Le navigateur a refusé les notifications ; autorisez-les dans ses réglages pour ce site.
rating-title = { $count ->
    [one] Classement dans ce jeu : { $rating } ± { $spread } après { $count } partie classée
   *[other] Classement dans ce jeu : { $rating } ± { $spread } après { $count } parties classées
  }
rating-title-unsettled = { $count ->
    [one] Classement dans ce jeu : { $rating } ± { $spread } après { $count } partie classée (pas encore établi)
   *[other] Classement dans ce jeu : { $rating } ± { $spread } après { $count } parties classées (pas encore établi)
  }
report-chat = Propos offensants
report-cheating = Triche
report-stalling = Obstruction : laisse filer la pendule, quitte les parties perdues
report-name = Nom offensant
report-other = Autre chose
report-already = Vous avez déjà signalé ce joueur ; un modérateur ne l’a pas encore examiné.
report-too-many = Vous avez envoyé beaucoup de signalements aujourd’hui. Réessayez dans { $wait }.
report-gone = Ce joueur ou ce salon n’existe plus.
report-details-placeholder = Ce qui s’est passé (facultatif)
report-send = Envoyer le signalement
report-thanks = Merci : les modérateurs vont l’examiner.
report-question = Signaler { $name } aux modérateurs
report-room-chat = Les derniers messages du salon accompagnent le signalement.
report-why = Motif
report-details = Détails
close = Fermer
report-player = Signaler { $name }
report = Signaler

## Comment jouer (help.js)

help-no-game = Ce jeu n’existe pas
help-no-page = Il n’y a pas de page d’aide ici.

## L’historique et la revue d’une partie (match.js)

chance-shuffle = Mélange équitable
chance-coins = Pile ou face équitables
chance-dice = Dés équitables
chance-seed = Graine de la partie
chance-first-player = Tirage équitable de qui commence
chance-none = { $game } ne doit rien au hasard ; la graine est tout de même gardée pour chaque partie.
status-playing = en cours
status-finished = terminée
status-aborted = annulée
status-abandoned = abandonnée
match-loading = Chargement de la partie…
match-not-found = Partie introuvable
match-not-found-text = Cette partie n’existe pas : vérifiez le lien.
match-move = Coup
yes = oui
no = non
option-value = { $option } : { $value }
replay-start = { $count ->
    [one] Début · { $count } coup en tout
   *[other] Début · { $count } coups en tout
  }
replay-move = Coup { $n } sur { $count }
match-title = { $game } · partie
match-room = Salon { $code }
match-private-room = Un salon privé
match-started = commencée le { $at }
match-ended = finie le { $at }
match-clock = pendule : { $clock }
match-live = En cours : regarder ou jouer dans le salon
match-being-played = En cours.
match-no-result = Aucun résultat.
replay-previous = Coup précédent
replay-next = Coup suivant
replay-first = Début de la partie
replay-last = Dernier coup
replay-keys = Touches : ← → pour avancer ou reculer, Début et Fin pour aller au début et à la fin.
tag-bot = ordinateur
tag-winner = gagnant
match-moves = Coups ({ $count }, par tour)
rng-commitment = Engagement (SHA-256 de la graine, publié au début) :
rng-checking = Vérification…
rng-seed = Graine (révélée à la fin) :
rng-cannot-hash = Ce navigateur ne peut pas calculer l’empreinte ici ; vérifiez avec : echo -n SEED | xxd -r -p | sha256sum
rng-matches = La graine correspond à l’engagement.
rng-does-not-match = La graine NE correspond PAS à l’engagement.
rng-later = La graine est révélée à la fin de la partie.
rng-ended = Fin : { $reason }.

## Les profils et les classements (profile.js)

profile-rating-change = classement
rating-words = { $rating } (le plus probablement entre { $low } et { $high })
rating-words-unsettled = { $rating } (le plus probablement entre { $low } et { $high }), pas encore établi
profile-loading = Chargement du joueur…
profile-not-found = Joueur introuvable
profile-no-player = Ce joueur n’existe pas.
profile-since = Joue depuis le { $at }
profile-totals = { $count ->
    [one] { $count } partie terminée, { $won } gagnée.
   *[other] { $count } parties terminées, { $won ->
        [one] { $won } gagnée.
       *[other] { $won } gagnées.
    }
  }
profile-played = Jouées
profile-won = Gagnées
profile-rating = Classement
profile-rated-matches = Parties classées
leaderboard-of = Classement de { $game }
profile-no-rated = Aucune partie classée pour l’instant
profile-no-rated-dot = Aucune partie classée pour l’instant.
profile-none = Aucune partie terminée pour l’instant.
profile-rating-history = Historique du classement
profile-recent = Parties récentes
profile-being-played = en cours
profile-no-match = Aucune partie pour l’instant.
chart-title = Classement de { $name } à { $game }
chart-desc = { $count ->
    [one] { $count } partie classée : de { $first } à { $last }, au plus bas { $low }, au plus haut { $high }.
   *[other] { $count } parties classées : de { $first } à { $last }, au plus bas { $low }, au plus haut { $high }.
  }
chart-start-point = Départ : { $rating }
chart-after-point = Après la partie { $n } : { $rating }
chart-start = départ
chart-after = après { $n }
chart-figures = Les chiffres
chart-when = Quand
chart-before = Avant
chart-after-col = Après
chart-change = Écart
chart-match = Partie
chart-summary = { $count ->
    [one] Aujourd’hui { $rating } après { $count } partie classée (départ à { $first }).
   *[other] Aujourd’hui { $rating } après { $count } parties classées (départ à { $first }).
  }
leaderboard = Classement
leaderboard-no-game = Il n’y a pas de jeu « { $game } » ici.
leaderboard-loading = Chargement du classement…
leaderboard-intro = Seuls les joueurs au classement établi y figurent : un classement s’établit après quelques parties classées (quand son incertitude passe sous { $unsettled }). Jouez dans des salons classés pour y entrer.
leaderboard-player = Joueur
leaderboard-empty = Personne n’est encore à ce classement : on y entre après quelques parties classées, quand son classement n’est plus provisoire.
rating-provisional = { $rating } (provisoire)

## Le compte et la connexion (account.js)

pw-current = Mot de passe actuel
pw-new = Nouveau mot de passe
pw-again = Confirmer le mot de passe
pw-note = De { $min } à { $max } caractères. Le plus long et le plus inhabituel possible ; il n’est plus jamais affiché.
pw-differ = Les deux mots de passe diffèrent : tapez deux fois le même.
pw-length = Un mot de passe a de { $min } à { $max } caractères (celui-ci en a { $count }).
not-signed-out = La session n’a pas été fermée : { $why }
sign-out-everywhere-ask = Se déconnecter sur chaque appareil où ce compte est connecté, celui-ci compris ?
sign-out-everywhere-yes = Oui, se déconnecter partout
cancel = Annuler
pw-change-heading = Changer mon mot de passe
pw-change = Changer le mot de passe
pw-changed = Votre mot de passe est changé. Tous les autres appareils sont déconnectés ; celui-ci reste connecté.
keep-intro-account = Vous jouez sans compte : « { $name } » n’existe que dans ce navigateur. Choisissez un mot de passe pour garder ce nom pour vous et vous connecter avec partout.
keep-done = C’est fait : « { $name } » est à vous. Connectez-vous avec ce nom et ce mot de passe sur n’importe quel appareil.
account-kind-account = Votre compte : le nom est à vous, et vous pouvez vous connecter avec sur n’importe quel appareil.
account-kind-guest = Sans compte : ce nom n’existe que dans ce navigateur.
my-profile = Mon profil, mes classements et mes parties
signin-other = Se connecter à un autre compte
signin-have-account = J’ai un compte : me connecter
sign-out = Se déconnecter
sign-out-account-note = Se déconnecter vous oublie dans ce navigateur ; reconnectez-vous avec votre nom et votre mot de passe.
sign-out-guest-note = Sans compte, se déconnecter est sans retour : gardez d’abord votre nom si vous le souhaitez.
sign-out-everywhere = Se déconnecter partout…
not-signed-in = Aucune session ouverte.
signin-intro = Avec le nom et le mot de passe de votre compte, sur n’importe quel appareil.
signin-replaces = Ce navigateur joue sans compte sous le nom « { $name } » ; se connecter le remplace ici.
signin-name = Nom
signin-password = Mot de passe
signin-as-guest = Jouer plutôt sans compte
keep-question = Garder le nom « { $name } » ?
keep-intro-offer = Vous jouez sans compte, sous un nom que seul ce navigateur connaît. Avec un mot de passe, le nom est à vous : personne d’autre ne peut le prendre, et vous pouvez vous connecter sur n’importe quel appareil avec vos classements et vos parties.
keep-done-offer = « { $name } » est à vous maintenant. Connectez-vous avec sur n’importe quel appareil.
not-now = Pas maintenant

## Blocages, vos données et la fermeture du compte (account.js, profile.js, room-chat.js)

blocks-heading = Joueurs que je bloque
blocks-intro = Vous ne voyez plus leurs messages, le jeu rapide ne vous réunit jamais et ils ne peuvent pas s’asseoir dans une salle que vous ouvrez. Ils n’en sont pas avertis. Bloquez un joueur depuis son nom.
blocks-none = Vous ne bloquez personne.
block = Bloquer
unblock = Débloquer
blocked-note = Vous bloquez ce joueur.
block-question = Bloquer { $name } ?
block-done-name = Vous avez bloqué { $name } : vous ne verrez plus ses messages.
block-undo = Annuler le blocage
data-heading = Mes données
data-intro = Téléchargez tout ce que ce serveur garde de vous (profil, classements, sessions, signalements et parties), ou fermez le compte : votre nom redevient libre, vos messages disparaissent et vos parties restent dans l’historique de vos adversaires sous « joueur supprimé ».
data-download = Télécharger mes données
close-account = Fermer mon compte…
close-ask = Fermer le compte « { $name } » pour de bon ? C’est définitif.
close-yes = Oui, le fermer

## Les plateaux (board.js, games/*/board.js)

board-cannot-draw = Ce client ne sait pas dessiner { $game }.
flip-board = Retourner le plateau
# $colour est le nom d’une couleur dans les palettes : black, white, red, blue, green, yellow, purple, grey.
colour = { $colour ->
    [black] noir
    [white] blanc
    [red] rouge
    [blue] bleu
    [green] vert
    [yellow] jaune
    [purple] violet
    [grey] gris
   *[other] { $colour }
  }
piece-marble = bille { $colour ->
    [black] noire
    [white] blanche
    [red] rouge
    [blue] bleue
    [green] verte
    [yellow] jaune
    [purple] violette
    [grey] grise
   *[other] { $colour }
  }
piece-piece = pion { $colour ->
    [black] noir
    [white] blanc
    [red] rouge
    [blue] bleu
    [green] vert
    [yellow] jaune
    [purple] violet
    [grey] gris
   *[other] { $colour }
  }
piece-cube = cube { $colour ->
    [black] noir
    [white] blanc
    [red] rouge
    [blue] bleu
    [green] vert
    [yellow] jaune
    [purple] violet
    [grey] gris
   *[other] { $colour }
  }
piece-draft-cube = cube { $colour ->
    [black] noir
    [white] blanc
    [red] rouge
    [blue] bleu
    [green] vert
    [yellow] jaune
    [purple] violet
    [grey] gris
   *[other] { $colour }
  } en préparation
piece-corpse-cube = cadavre
layout-standard = Standard
layout-belgian-daisy = Marguerite belge
layout-german-daisy = Marguerite allemande
abalone-selected = { $piece } : choisie, appuyez pour la retirer du groupe
abalone-add = { $piece } : ajouter au groupe
abalone-move = Déplacer { $marbles }, direction { $dir } ({ $notation })
abalone-group = Groupe : { $marbles }.
abalone-choose-direction = Choisissez une direction.
abalone-add-or-cancel = Ajoutez des billes ou annulez.
abalone-hint = Choisissez une à trois de vos billes, puis une direction.
abalone-pushed-off = { $count ->
    [one] { $who } a éjecté { $count } bille sur 6
   *[other] { $who } a éjecté { $count } billes sur 6
  }
abalone-pushed-off-team = { $count ->
    [one] { $who } (équipe { $team }) a éjecté { $count } bille sur 6
   *[other] { $who } (équipe { $team }) a éjecté { $count } billes sur 6
  }
abalone-start = départ : { $layout }
abalone-move-n = coup { $n }
abalone-last = dernier { $last }
selected-cancel = { $piece } : choisi, appuyez pour annuler
pinuid-keep = { $piece } : garder ce pion
pinuid-choose = { $piece } : déplacer ce pion
pinuid-reenter-on = Remettre un pion en jeu sur { $square }
pinuid-move-to = Déplacer { $from } en { $to }
pinuid-remove = Retirer : { $piece }
pinuid-hint-reenter = Tous vos pions sont sur des cases d’une même couleur : remettez un pion en jeu sur une case éclairée de votre dernière rangée.
pinuid-hint = Choisissez un de vos pions, puis une case éclairée.
pinuid-hint-move = Déplacez { $from } sur une case éclairée.
pinuid-hint-lines = { $count ->
    [one] { $from }→{ $to } fait une ligne : choisissez le pion à retirer.
   *[other] { $from }→{ $to } fait { $count } lignes : choisissez les { $count } pions à retirer.
  }
pinuid-info = { $removed ->
    [one] { $who } : { $count } sur le plateau, { $removed } retiré
   *[other] { $who } : { $count } sur le plateau, { $removed } retirés
  }
pinuid-info-out = { $removed ->
    [one] { $who } : { $count } sur le plateau, { $removed } retiré (hors jeu)
   *[other] { $who } : { $count } sur le plateau, { $removed } retirés (hors jeu)
  }
pinuid-without-removal = { $count ->
    [one] { $count } coup sans retrait
   *[other] { $count } coups sans retrait
  }
choose-it = { $piece } : le choisir
groups-add-on = Ajouter un pion de la réserve en { $space }
groups-out-from = Sortir le pion de { $from } par le centre
groups-cross = Traverser de { $from } par { $via } jusqu’à { $to }
groups-move = Aller de { $from } à { $to }
groups-moves-left = { $count ->
    [one] { $count } déplacement restant
   *[other] { $count } déplacements restants
  }
groups-hint = Choisissez un de vos pions, puis une case éclairée.
groups-hint-add = Choisissez un pion à déplacer, ou un compartiment éclairé pour ajouter un pion de la réserve.
groups-hint-move = Déplacez le pion de { $space } sur une case éclairée.
end-turn = Finir le tour
groups-info = { $count ->
    [one] { $colour } ({ $who }) : { $reserve } en réserve, { $count } sorti
   *[other] { $colour } ({ $who }) : { $reserve } en réserve, { $count } sortis
  }
trangouar-phase-setup = Mise en place secrète
trangouar-phase-play = Partie en cours
trangouar-phase-lose = Un combat perdu : perles à céder
legend-red = rouge : les pas que fait le cube
legend-black = noire : les pièces qu’il lance pour attaquer
legend-white = blanche : les pièces qu’il lance pour se défendre
setup-cubes = Utilisez de 3 à 9 cubes (actuellement { $count }).
setup-pearls = Répartissez exactement 27 perles (actuellement { $count }).
setup-more-than-9 = Le cube en { $at } porte plus de 9 perles.
setup-more-than-3 = Le cube en { $at } a plus de 3 perles d’une même couleur.
setup-empty = Le cube en { $at } doit avoir au moins une perle.
cube-name = { $who } : perles { $pearls }
trangouar-step-to = Faire un pas vers { $to }
trangouar-move-to = Déplacer le cube de { $from } en { $to }
trangouar-attack = Attaquer : { $target }, avec { $from }
trangouar-info = { $who } ({ $zone }) : { $state }
trangouar-ready = mise en place faite
trangouar-setting-up = mise en place en cours
trangouar-army = { $count ->
    [one] { $count } cube
   *[other] { $count } cubes
  }, { $pearls ->
    [one] { $pearls } perle
   *[other] { $pearls } perles
  }
trangouar-out = (hors jeu)
trangouar-quiet-rounds = { $count ->
    [one] { $count } tour sans perte
   *[other] { $count } tours sans perte
  }
trangouar-edit = { $cube } : changer ses perles
trangouar-put = Poser un cube en { $at }
trangouar-setup-in = Votre mise en place est envoyée ; en attente des autres. Elle reste secrète jusqu’à ce que tout le monde soit prêt.
trangouar-setup-intro = Mise en place secrète : posez de 3 à 9 cubes dans votre zone ({ $zone }) et répartissez-y exactement 27 perles. Perles posées :
trangouar-on-cubes = { $count ->
    [one] sur { $count } cube.
   *[other] sur { $count } cubes.
  }
trangouar-example = Exemple { $n } ({ $count } cubes)
pearl-field-red = rouges
pearl-field-black = noires
pearl-field-white = blanches
trangouar-cube-on = Cube en { $at } :
trangouar-remove-cube = Retirer le cube
trangouar-submit = Envoyer ma mise en place
trangouar-lost-fight = { $count ->
    [one] Votre cube en { $cube } a perdu le combat : choisissez la perle qu’il cède.
   *[other] Votre cube en { $cube } a perdu le combat : choisissez les { $count } perles qu’il cède.
  }
pearl-count-red = { $count ->
    [one] { $count } rouge
   *[other] { $count } rouges
  }
pearl-count-black = { $count ->
    [one] { $count } noire
   *[other] { $count } noires
  }
pearl-count-white = { $count ->
    [one] { $count } blanche
   *[other] { $count } blanches
  }
trangouar-lose = Céder { $pearls }
trangouar-path = Chemin { $path } : continuez ou choisissez une arrivée éclairée.
trangouar-hint-selected = Avancez pas à pas, choisissez une arrivée éclairée, ou un ennemi cerclé à attaquer.
trangouar-hint = Choisissez un de vos cubes.
trangouar-new-colours = Nouvelles couleurs
trangouar-recolour-to = Changer les perles en
trangouar-recolour = Changer
trangouar-do-nothing = Ne rien faire
opening-rule-zero = Ouverture : qui a le plus fort triple ouvre avec, pour sa valeur + 10 (le 0-0-0 peut ouvrir à la place, pour 40) ; si personne n’a de triple, la tuile au plus fort total ouvre, pour sa seule valeur.
opening-rule = Ouverture : qui a le plus fort triple ouvre avec, pour sa valeur + 10 ; si personne n’a de triple, la tuile au plus fort total ouvre, pour sa seule valeur.
opening-zero = Vous avez le plus fort triple, 0-0-0 : il ouvre la manche, pour 40.
opening-triple-or-zero = Vous avez le plus fort triple, { $tile } : lui seul peut ouvrir (ou le 0-0-0, pour 40), pour sa valeur + 10.
opening-triple = Vous avez le plus fort triple, { $tile } : lui seul peut ouvrir, pour sa valeur + 10.
opening-highest = Personne n’a de triple : votre tuile la plus forte ouvre, { $tiles }, pour sa seule valeur.
or = ou
tile-last = tuile { $tile }, la dernière posée
tile-placed = tuile { $tile }
place-on-cell-up = Poser { $tile } sur la case { $x }, { $y } pointe en haut
place-on-cell-down = Poser { $tile } sur la case { $x }, { $y } pointe en bas
place-here = Poser { $tile } ici, tournée de { $rotation }
tile-n = Tuile { $tile }
rack-empty = Votre chevalet est vide.
racks-hidden = Les chevalets sont cachés : chaque joueur ne voit que le sien.
opening-pick = Ouvrez la manche : choisissez votre tuile d’ouverture.
triominos-hint = Choisissez une tuile de votre chevalet, puis une place éclairée.
triominos-hint-place = Posez { $tile } sur une place éclairée.
triominos-hint-rotate = Tournez la tuile si vous le souhaitez, puis posez-la.
rotate = Tourner
place = Poser
draw-tile = Piocher une tuile (−5, { $draws }/3 piochées)
pass = Passer
triominos-info = { $count ->
    [one] { $who } : { $points } points, { $count } tuile
   *[other] { $who } : { $points } points, { $count } tuiles
  }
triominos-round = Manche { $round }
triominos-target = objectif { $target }
triominos-pile = pioche { $pile }

## Le bilan de fin de partie (breakdown.js, room-moves.js)

standing-pushed-off = { $count ->
    [one] { $count } bille éjectée sur 6
   *[other] { $count } billes éjectées sur 6
  }
standing-pieces-left = { $count ->
    [one] { $count } pion restant
   *[other] { $count } pions restants
  }
standing-eliminated = hors jeu
standing-army-destroyed = armée détruite
standing-colour-out = { $count ->
    [one] { $colour } : { $count } sorti sur 10
   *[other] { $colour } : { $count } sortis sur 10
  }
standing-tiles-left = { $count ->
    [one] { $count } tuile restée en main
   *[other] { $count } tuiles restées en main
  }
breakdown-draw = nulle
breakdown-won = gagné ({ $reason })
breakdown-lost = perdu
breakdown-score = Score
breakdown-result = Résultat
breakdown-at-end = À la fin
breakdown-heading = Classement final
breakdown-rounds = Manches
breakdown-rounds-played = { $count ->
    [one] Manches ({ $count } jouée)
   *[other] Manches ({ $count } jouées)
  }
breakdown-round = Manche
breakdown-how-ended = Comment elle a fini
round-went-out = { $count ->
    [one] { $names } a posé toutes ses tuiles
   *[other] { $names } ont posé toutes leurs tuiles
  }
round-blocked-least = { $count ->
    [one] bloquée ; { $names } avait le moins en main
   *[other] bloquée ; { $names } avaient le moins en main
  }
round-blocked = bloquée
no-move-yet = Aucun coup pour l’instant.

## La modération (mod.js)

mod-no-action = Aucune mesure
mod-mute-hour = Couper la discussion pour une heure
mod-mute-day = Couper la discussion pour un jour
mod-ban-day = Bannir pour un jour
mod-ban-week = Bannir pour une semaine
mod-ban-ever = Bannir définitivement
mod-unknown-player = un joueur inconnu
mod-open-reports = Signalements ouverts
mod-audit-log = Journal de modération
mod-only = Seuls les modérateurs voient cette page.
mod-sign-in = Connectez-vous en tant que modérateur pour voir cette page.
mod-no-reports = Aucun signalement ouvert.
mod-reason-placeholder = Motif (gardé dans le journal)
mod-reason = Motif
mod-action = Mesure
mod-resolve = Clore
mod-do-ban = Bannir
mod-do-mute = Couper la discussion
mod-ban-question = Bannir { $name } ? { $how }.
mod-ban-text = Ce joueur ne pourra plus jouer, discuter ni se connecter jusqu’à la fin du bannissement, et le signalement sera clos.
mod-reported-by = — signalement de
mod-for = pour { $reason }
mod-room = salon { $code }
mod-the-match = la partie
mod-profile = profil
mod-nothing-yet = Rien pour l’instant.
mod-who = Qui
mod-what = Quoi
mod-on = Sur
mod-command-line = la ligne de commande
mod-reason-chat = propos offensants
mod-reason-cheating = triche
mod-reason-stalling = obstruction
mod-reason-name = nom offensant
mod-reason-other = autre motif
mod-log-mute = discussion coupée
mod-log-unmute = discussion rétablie
mod-log-ban = bannissement
mod-log-unban = fin de bannissement
mod-log-resolve-report = signalement clos
mod-log-delete-chat = message supprimé
mod-log-close-room = salon fermé
mod-log-abort-match = partie annulée
mod-log-rename = renommage
mod-log-grant-moderator = nommé modérateur
mod-log-revoke-moderator = modérateur révoqué
mod-log-grant-admin = nommé administrateur
mod-log-revoke-admin = administrateur révoqué
mod-record = dossier
mod-reports-of = Signalements de ce joueur
mod-actions-on = Mesures prises envers ce joueur
mod-no-reports-of = Personne n’a signalé ce joueur.
mod-report-open = ouvert
mod-report-resolved = traité : { $how }
mod-banned-until = Banni jusqu’au { $at }
mod-banned-for-good = Banni définitivement
mod-muted-until = Messages coupés jusqu’au { $at }
mod-in-good-standing = Ni réduit au silence, ni banni.

## Comment jouer à chaque jeu (games/<id>/index.js de chaque jeu)

help-abalone-pitch = Poussez les billes adverses hors d’un plateau hexagonal. De la stratégie pure, sans hasard.
help-abalone-goal = Gagne le camp qui pousse en premier six billes adverses hors du plateau (à 3 ou 4 joueurs, six billes de n’importe qui ; à 4, en deux équipes).
help-abalone-turn-1 = À votre tour, déplacez une, deux ou trois de vos billes alignées, d’une case dans l’une des six directions.
help-abalone-turn-2 = Une ligne de vos billes peut pousser une ligne adverse plus courte dans son prolongement (3 poussent 2 ou 1, 2 poussent 1), si la case derrière elles est libre ou hors du plateau.
help-abalone-turn-3 = Une bille poussée par-dessus le bord est éjectée pour de bon.
help-abalone-term-1 = Déplacement en ligne
help-abalone-term-1-what = les billes avancent dans l’axe de leur ligne, celle de tête d’abord ; seul ce déplacement peut pousser.
help-abalone-term-2 = Déplacement en flèche
help-abalone-term-2-what = les billes se déplacent ensemble de côté ; chaque case où elles arrivent doit être vide.
help-abalone-term-3 = Dans le client
help-abalone-term-3-what = touchez vos billes (jusqu’à trois alignées), puis l’une des flèches jaunes ; la flèche montre le sens où elles iront sur votre écran.

help-pinuid-pitch = Débarrassez-vous de vos pions en en alignant exactement trois, en ligne ou en colonne ; chaque pas se fait en diagonale.
help-pinuid-goal = Gagne qui n’a plus, en premier, que deux pions sur le plateau (au Quatro, à 3 ou 4 joueurs, la dernière personne encore en jeu gagne aussi).
help-pinuid-turn-1 = À votre tour, avancez l’un de vos pions d’une case en diagonale, en avant ou en arrière, sur une case vide. Pas de saut, pas de prise.
help-pinuid-turn-2 = Si votre pas forme une ligne d’exactement trois de vos pions, en travers ou de haut en bas (pas en diagonale, pas quatre ou plus), vous retirez du plateau un pion de cette ligne. C’est un progrès : vous voulez perdre des pions.
help-pinuid-turn-3 = Un pion ne change jamais de couleur de case. Si tous vos pions sont sur une même couleur, vous ne pouvez plus jamais faire de ligne : au Classique vous en remettez un en jeu sur votre ligne de fond ; au Quatro vous sortez du jeu.
help-pinuid-term-1 = Ligne
help-pinuid-term-1-what = exactement trois pions d’un même joueur côte à côte dans une rangée ou une colonne.
help-pinuid-term-2 = Ligne de fond
help-pinuid-term-2-what = la rangée du bord la plus proche de vous (au Classique seulement).
help-pinuid-term-3 = Repères
help-pinuid-term-3-what = l’anneau jaune marque les pions qui peuvent bouger ; les cases bleues montrent le départ et l’arrivée du dernier coup.

help-trangouar-pitch = Des armées de cubes portant des perles : rouges pour avancer, noires pour attaquer, blanches pour se défendre. Placement secret, puis combat.
help-trangouar-goal = Gagne la dernière armée qui a encore un cube vivant.
help-trangouar-turn-1 = Mise en place, en secret et en même temps : posez de 3 à 9 cubes dans votre zone de coin et répartissez-y exactement 27 perles, au moins une par cube et au plus 3 de chaque couleur par cube. Puis toutes les armées sont dévoilées.
help-trangouar-turn-2 = Ensuite, à chaque tour, faites une seule chose : rien ; changer les couleurs des perles d’un cube (même nombre de perles) ; déplacer un cube d’exactement autant de pas qu’il a de perles rouges, le long des lignes, par des points vides seulement ; ou attaquer un cube ennemi voisin du vôtre.
help-trangouar-turn-3 = Dans une attaque, l’attaquant lance une pièce par perle noire et compte les faces noires ; le défenseur en lance une par perle blanche et compte les faces blanches. Le camp qui en a le moins perd une perle de son choix (à égalité, rien ne se passe).
help-trangouar-term-1 = Perle rouge
help-trangouar-term-1-what = le déplacement : un cube avance d’exactement autant de pas qu’il a de perles rouges.
help-trangouar-term-2 = Perle noire
help-trangouar-term-2-what = l’attaque : une pièce par perle noire quand ce cube attaque.
help-trangouar-term-3 = Perle blanche
help-trangouar-term-3-what = la défense : une pièce par perle blanche quand ce cube est attaqué.
help-trangouar-term-4 = Cadavre
help-trangouar-term-4-what = un cube sans plus aucune perle. Il n’appartient à personne, ne bouge jamais et barre le passage ; un cube emmuré par des cadavres et le bord meurt aussi.

help-triominos-pitch = Des dominos triangulaires : accordez les nombres des coins, marquez des points, videz votre chevalet en premier.
help-triominos-goal = Marquez le plus de points au fil des manches (ou atteignez le score fixé). Une manche s’arrête quand quelqu’un a posé toutes ses tuiles, ou quand personne ne peut plus jouer.
help-triominos-turn-1 = Posez une tuile de votre chevalet de sorte que chaque coin qui touche le jeu porte le même nombre que les tuiles qu’il touche. Vous marquez la somme des trois nombres de la tuile, plus des primes pour fermer un hexagone ou faire un pont.
help-triominos-turn-2 = Si vous ne pouvez pas (ou ne voulez pas) poser, piochez une tuile : 5 points de moins à chaque fois, jusqu’à trois fois, et vous pouvez poser après chaque pioche. Trois pioches et toujours rien : 10 points de moins encore, et votre tour s’arrête.
help-triominos-turn-3 = La première tuile d’une manche est l’ouverture : le triple le plus fort, qui rapporte 10 de plus (le 0-0-0 rapporte 40). Vider son chevalet en premier rapporte 25, plus ce que les autres ont encore en main.
help-triominos-term-1 = Chevalet
help-triominos-term-1-what = vos tuiles ; personne d’autre ne les voit.
help-triominos-term-2 = Hexagone
help-triominos-term-2-what = votre tuile est la sixième autour d’un point : +50 (deux d’un coup +60, trois +70).
help-triominos-term-3 = Pont
help-triominos-term-3-what = votre tuile ne touche le jeu que par un côté et par le coin opposé : +40.
help-triominos-term-4 = Dans le client
help-triominos-term-4-what = choisissez une tuile de votre chevalet, touchez une place verte, tournez-la avec Tourner si vous le souhaitez, puis Poser.

help-groups-of-three-pitch = Une course aux dés : faites entrer vos dix pions en jeu et sortez-les par la case centrale.
help-groups-of-three-goal = Gagne qui, en premier, fait entrer en jeu les dix pions de sa couleur et les sort par le centre (à 2 joueurs, chacun joue deux couleurs et doit finir les deux).
help-groups-of-three-turn-1 = Lancez deux dés : leur somme est le nombre de déplacements de ce tour, et vous devez les utiliser tant que vous le pouvez.
help-groups-of-three-turn-2 = Un déplacement fait passer l’un de vos pions par-dessus une ligne de bordure vers une case voisine vide. Un pion qui entre dans la case centrale quitte le plateau pour de bon.
help-groups-of-three-turn-3 = Quand l’un de vos pions arrive dans un groupe de trois et qu’exactement une des deux autres cases du groupe est occupée (par n’importe qui), vous pouvez ajouter un pion de votre réserve dans la case vide. Ajouter ne coûte aucun déplacement.
help-groups-of-three-term-1 = Groupe de trois
help-groups-of-three-term-1-what = trois cases séparées par une ligne en T ; les douze groupes forment la bande extérieure du plateau.
help-groups-of-three-term-2 = Case de transit
help-groups-of-three-term-2-what = l’un des quatre triangles gris : un pion peut la traverser mais pas s’y arrêter (la traversée coûte deux déplacements).
help-groups-of-three-term-3 = Réserve
help-groups-of-three-term-3-what = vos pions pas encore sur le plateau : 7 au début, 3 sur le plateau.
help-goal = But du jeu
help-turn = Un tour
help-words = Vocabulaire
help-no-need = Inutile d’apprendre chaque détail avant de jouer : le serveur connaît toutes les règles, et seuls les coups qu’elles permettent peuvent être joués.
help-board = Le plateau
your-rack = Votre chevalet

## Les tournois (tournaments.js)
tournaments-title = Tournois
tournaments-none = Aucun tournoi public en cours ni à venir.
tournament-new = Créer un tournoi
tournament-new-needs-account = Les joueurs avec un mot de passe créent des tournois (définissez-en un sous Garder mon nom).
tournament-name = Nom
tournament-kind = Formule
tournament-kind-arena = Arène
tournament-kind-swiss = Système suisse
tournament-kind-round-robin = Toutes rondes
tournament-kind-arena-line = Arène : pendant une durée fixée, chaque joueur est apparié de nouveau dès qu’une partie finit ; le plus de points gagne, et une troisième victoire d’affilée compte double.
tournament-kind-swiss-line = Suisse : un nombre de rondes fixé, chacune appariant des joueurs à égalité de points (ou presque) ; les départages séparent les ex æquo.
tournament-kind-round-robin-line = Toutes rondes : chacun joue une fois contre chacun (10 joueurs au plus).
tournament-starts-at = Début
tournament-starts-at-empty = (vide : tout de suite)
tournament-starts-bad = L’heure de début est illisible.
tournament-left-count = { $count ->
    [one] (1 parti)
   *[other] ({ $count } partis)
  }
tournament-game = Jeu
tournament-players = Joueurs par partie
tournament-clock = Pendule
tournament-length = Durée
tournament-rounds = Rondes
tournament-minutes = Minutes
tournament-public = Public (visible de tous)
tournament-create = Créer
tournament-summary = { $kind } · { $game } (parties à { $players }) · { $status } · { $entrants ->
    [one] 1 joueur
   *[other] { $entrants } joueurs
  }
tournament-upcoming = à venir
tournament-running = en cours
tournament-finished = terminé
tournament-starts = commence { $start }
tournament-arena-times = de { $start } à { $end }
tournament-rounds-of = { $rounds } rondes
tournament-rated = classé
tournament-join = Rejoindre le tournoi
tournament-join-again = Revenir
tournament-withdraw = Quitter le tournoi
tournament-you-in = Vous participez à ce tournoi.
tournament-you-left = Vous avez quitté ce tournoi (ou n’êtes pas venu à une partie) : vous n’êtes plus apparié.
tournament-waiting = En attente de votre prochaine partie…
tournament-match-ready = Votre partie est prête.
tournament-going = Votre partie est prête : vous y allez dans { $secs } s.
tournament-go-now = Aller à ma partie
tournament-over = Ce tournoi est terminé.
tournament-standings = Classement
tournament-player = Joueur
tournament-points = Points
tournament-buchholz = Buchholz
tournament-sonneborn-berger = Sonneborn-Berger
tournament-played = Jouées
tournament-fire = Deux victoires de suite : la prochaine compte double
tournament-withdrawn = (parti)
tournament-rounds-title = Rondes
tournament-round = Ronde { $round }
tournament-bye = { $name } est exempt de cette ronde
tournament-bot = un robot
tournament-playing = en cours
tournament-not-paired = Personne n’a encore été apparié.
tournament-not-found = Ce tournoi n’existe pas
tournament-back-soon = Retour au tournoi dans { $secs } s.
tournament-back = Y retourner
tournament-match-of = Une partie de { $name }.
tournament-this = ce tournoi
tournament-see = Voir le classement

## Les parties en cours du joueur (your-games.js, games-bar.js, games-page.js)

games-title = Vos parties
games-bar-in-progress = Partie en cours
games-bar-several = { $count } parties en cours
games-bar-resume = Reprendre
games-await = { $count ->
    [one] { $count } partie attend votre coup
   *[other] { $count } parties attendent votre coup
  }
games-empty = Aucune partie en cours.
games-find-one = Trouvez-en une sur la page d’accueil.
games-against = contre { $names }
games-your-move = À vous de jouer
games-their-move = Au tour de { $names }
games-time-left = il vous reste { $time }
games-last-move = dernier coup { $when }
games-started = commencée { $when }
games-play = Jouer
games-open = Ouvrir

## Challenges (js/challenges.js on every page, js/challenge-form.js on a profile)
challenge-button = Défier
challenge-heading = Défier { $name }
challenge-send = Envoyer le défi
challenge-wait-note = Vous allez dans la salle et y attendez que { $name } accepte ou refuse.
challenge-region = Défis
challenge-incoming = { $name } vous défie à { $game }
challenge-accept = Accepter
challenge-decline = Refuser
challenge-reason = Raison (facultative)
challenge-decline-send = Refuser le défi
challenge-declined = { $name } a refusé votre défi.
challenge-declined-why = { $name } a refusé votre défi : « { $reason } »
challenge-expired = Votre défi n’a pas eu de réponse à temps.
challenge-dismiss = Fermer
profile-bot-description = À propos de ce bot :

## "Notify me when it is my turn" (js/notify.js)
notify-heading = Notifications
notify-intro = Même l’onglet fermé, cet appareil vous prévient quand c’est votre tour dans une partie jouée à loisir, quand on vous défie, quand un tournoi vous apparie et quand une de vos parties se termine.
notify-turns = Me prévenir quand c’est mon tour
notify-on = Cet appareil sera prévenu.
notify-off = Cet appareil ne sera plus prévenu.
notify-denied = Les notifications sont bloquées pour ce site : autorisez-les dans les réglages du navigateur.
notify-unsupported = Ce navigateur ne peut pas recevoir les notifications de Plateau.

## Web push : ce que le serveur envoie aux appareils d’un joueur (lu par le serveur, `server/src/push`)
push-turn-title = À vous de jouer
push-turn-body = { $game }, salon { $code } : c’est votre tour.
push-challenge-title = { $name } vous défie
push-challenge-body = { $game }, salon { $code } : acceptez ou refusez.
push-paired-title = Votre match de tournoi est prêt
push-paired-body = { $game }, salon { $code } : vos adversaires vous attendent.
push-ended-title = Match terminé
push-ended-body = { $game }, salon { $code } : voyez le résultat.
