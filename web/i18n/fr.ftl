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
invite-anonymous = Vous êtes invité à { $game } ({ $players } joueurs)

## L’en-tête

language = Langue
language-in-progress = { $name } (traduction en cours)
