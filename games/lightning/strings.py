"""Lightning's visible strings: key -> (French, English)."""

STRINGS: dict[str, tuple[str, str]] = {
    "lightning.title": ("Lightning", "Lightning"),
    "lightning.tagline": ("Relie tes deux bords d'un éclair de tuiles !",
                          "Join your two edges with a bolt of tiles!"),
    "lightning.player1": ("Rouge", "Red"),
    "lightning.player2": ("Bleu", "Blue"),
    "lightning.you": ("Toi", "You"),
    "lightning.computer": ("Ordinateur", "Computer"),
    "lightning.turn.take": ("{name} : pioche une tuile", "{name}: take a tile"),
    "lightning.turn.place": ("{name} : pose ta tuile", "{name}: lay your tile"),
    "lightning.turn.computer": ("L'ordinateur joue…", "The computer is playing…"),
    "lightning.starts": ("Tirage au sort : {name} commence !", "Coin toss: {name} starts!"),
    "lightning.pool": ("Pioche", "Pool"),
    "lightning.pool.count": ("{count} tuiles", "{count} tiles"),
    "lightning.reserve": ("Réserve", "Reserve"),
    "lightning.reserve.empty": ("vide", "empty"),
    "lightning.hand": ("Ta tuile", "Your tile"),
    "lightning.shelve": ("À la réserve", "To the reserve"),
    "lightning.rotate": ("Tourner", "Rotate"),
    "lightning.distance": ("encore {n}", "{n} to go"),
    "lightning.distance.blocked": ("bloqué !", "blocked!"),
    "lightning.start": ("départ", "start"),
    "lightning.arrival": ("arrivée", "arrival"),
    "lightning.illegal": ("Pas ici : une tuile doit toucher une autre tuile ou ta ligne de départ.",
                          "Not here: a tile must touch another tile or your start row."),
    "lightning.illegal.over": ("La partie est finie.", "The game is over."),
    "lightning.illegal.hand_full": ("Pose d'abord la tuile que tu tiens.", "Lay the tile in your hand first."),
    "lightning.illegal.pool_empty": ("La pioche est vide.", "The pool is empty."),
    "lightning.illegal.source": ("Prends une tuile dans la pioche ou la réserve.",
                                 "Take a tile from the pool or the reserve."),
    "lightning.illegal.design": ("Ce n'est pas une tuile du jeu.", "That is not a tile of the game."),
    "lightning.illegal.reserve_empty": ("Il n'y a pas cette tuile dans la réserve.",
                                        "That tile is not in the reserve."),
    "lightning.illegal.no_room": ("Plus aucune case libre pour poser une tuile de la réserve.",
                                  "No free square left for a tile from the reserve."),
    "lightning.illegal.take_first": ("Prends d'abord une tuile, dans la pioche ou la réserve.",
                                     "Take a tile first, from the pool or the reserve."),
    "lightning.illegal.shelve": ("Seule une tuile de la pioche peut aller dans la réserve.",
                                 "Only a tile from the pool may go into the reserve."),
    "lightning.illegal.not_a_move": ("Ce coup n'existe pas.", "That is not a move."),
    "lightning.illegal.rotation": ("Cette tuile ne se tourne pas ainsi.", "That tile does not turn that way."),
    "lightning.illegal.off_board": ("Cette case n'est pas sur le plateau.", "That square is not on the board."),
    "lightning.illegal.occupied": ("Il y a déjà une tuile sur cette case.", "That square already holds a tile."),
    "lightning.illegal.draw": ("Plus de tuile {design} dans la pioche.", "No {design} tile left in the pool."),
    "lightning.end.you": ("Éclair ! Tu as gagné !", "Lightning! You win!"),
    "lightning.end.computer": ("Éclair ! L'ordinateur gagne.", "Lightning! The computer wins."),
    "lightning.end.winner": ("Éclair ! {name} gagne !", "Lightning! {name} wins!"),
    "lightning.end.connected": ("Une ligne continue relie une case de départ à une case d'arrivée "
                                "({tiles} tuiles posées).",
                                "A continuous line joins a start square to an arrival square "
                                "({tiles} tiles laid)."),
    "lightning.end.draw.title": ("Match nul !", "It's a draw!"),
    "lightning.end.draw": ("La pioche et la réserve sont vides et personne n'a relié ses deux bords.",
                           "The pool and the reserve are empty and nobody has joined their two edges."),
    "lightning.again": ("Touche l'écran pour rejouer", "Touch the screen to play again"),
    "lightning.mode.hotseat": ("2 joueurs", "2 players"),
    "lightning.mode.computer": ("Contre l'ordinateur", "Against the computer"),
    "lightning.level.button": ("Niveau : {name}", "Level: {name}"),
    "lightning.level.random": ("Débutant", "Beginner"),
    "lightning.level.builder": ("Bâtisseur", "Builder"),
    "lightning.level.strong": ("Fort", "Strong"),
    "lightning.rules.title": ("Les règles de Lightning", "The rules of Lightning"),
    "lightning.rules.p1.title": ("Le but", "The goal"),
    "lightning.rules.p1.text": (
        "Chaque joueur a son camp de 8 × 17 cases. Construis dans le tien une ligne continue qui relie "
        "une de tes 8 cases de départ (le bord de ton côté) à une de tes 8 cases d'arrivée (au milieu). "
        "Le premier qui réussit gagne, peu importe qui a posé les tuiles !",
        "Each player has a half of 8 × 17 squares. Build a continuous line across yours, from one of "
        "your 8 start squares (your edge) to one of your 8 arrival squares (the middle). The first to "
        "succeed wins, whoever laid the tiles!"),
    "lightning.rules.p2.title": ("À ton tour", "Your turn"),
    "lightning.rules.p2.text": (
        "Prends une tuile dans la pioche (face cachée) ou dans la réserve (face visible). Tourne-la "
        "comme tu veux et pose-la. Une tuile de la pioche peut aussi aller dans la réserve : "
        "tout le monde pourra la prendre.",
        "Take a tile from the pool (face down) or from the reserve (face up). Turn it as you like and "
        "lay it. A tile from the pool may also go to the reserve, where anyone can take it."),
    "lightning.rules.p3.title": ("Où poser ?", "Where to lay it?"),
    "lightning.rules.p3.text": (
        "Sur une de tes cases de départ, ou sur n'importe quelle case qui touche déjà une tuile par un "
        "côté ou un coin : dans ton camp pour avancer, chez l'autre pour lui barrer la route.",
        "On one of your start squares, or on any square that already touches a tile by a side or a "
        "corner: on your half to go forward, on the other half to block the way."),
    "lightning.rules.p4.title": ("Bloqué ? Bifurque !", "Blocked? Branch off!"),
    "lightning.rules.p4.text": (
        "Les chemins peuvent se ramifier : si ton chemin est bloqué, repars de n'importe quelle jonction. "
        "Quand la pioche et la réserve sont vides sans vainqueur, c'est match nul.",
        "Paths may branch: if yours is blocked, go on from any junction. When the pool and the reserve "
        "are empty and nobody has connected, it is a draw."),
    "lightning.rules.p5.title": ("Les tuiles", "The tiles"),
    "lightning.rules.p5.text": (
        "150 tuiles, 5 modèles de 30. Un jeu breveté en 1892 par Harry A. Doty et édité par Selchow & "
        "Righter : l'un des premiers jeux de connexion, avant le Hex (1942). Les dessins des 5 modèles "
        "ne figurent pas dans notre source : ceux-ci sont une reconstruction.",
        "150 tiles, 5 designs of 30. A game patented in 1892 by Harry A. Doty and published by Selchow & "
        "Righter: one of the first connection games, before Hex (1942). The 5 designs are not in our "
        "source: these are a reconstruction."),
    "lightning.design.I": ("droite", "straight"),
    "lightning.design.D": ("diagonale", "diagonal"),
    "lightning.design.L": ("arc", "arc"),
    "lightning.design.Z": ("éclair", "bolt"),
    "lightning.design.S": ("éclair miroir", "mirrored bolt"),
    # Science corner ("Les maths du jeu"): numbers from games/lightning/maths.py (the players' distance fields).
    "lightning.science.distance.tab": ("La distance de la victoire", "Distance to victory"),
    "lightning.science.distance.pause": ("Pause", "Pause"),
    "lightning.science.distance.play": ("Reprendre", "Go on"),
    "lightning.science.distance.step": ("Suivante", "Next"),
    "lightning.science.distance.new": ("Autre partie", "New game"),
    "lightning.science.distance.computing": ("La partie se joue…", "The game is being played…"),
    "lightning.science.distance.role.1": ("Rouge ne fait que construire", "Red only builds"),
    "lightning.science.distance.role.2": ("Bleu construit et bloque", "Blue builds and blocks"),
    "lightning.science.distance.needs": (
        "Encore {n} tuiles au moins pour relier ses bords.",
        "At least {n} more tiles to connect.",
    ),
    "lightning.science.distance.needs.one": (
        "Plus qu'une tuile pour relier ses bords !",
        "Only one more tile to connect!",
    ),
    "lightning.science.distance.connected": ("Relié : l'éclair passe !", "Connected: the bolt goes through!"),
    "lightning.science.distance.blocked": (
        "Bloqué pour de bon : plus aucun chemin.",
        "Blocked for good: no path left.",
    ),
    "lightning.science.distance.begin": (
        "Sur chaque case vide : le moins de tuiles qu'il faut encore si l'éclair passe par là. En doré, "
        "les meilleurs chemins.",
        "On each empty square: the fewest tiles still needed if the bolt goes through it. In gold, the best "
        "routes.",
    ),
    "lightning.science.distance.build": (
        "{player} avance : encore {n} tuiles au moins.",
        "{player} moves forward: at least {n} tiles to go.",
    ),
    "lightning.science.distance.idle": (
        "{player} pose une tuile qui ne raccourcit pas son chemin.",
        "{player} lays a tile that does not shorten their path.",
    ),
    "lightning.science.distance.block": (
        "{player} bloque {other} : il lui faut maintenant {new} tuiles au lieu de {old} !",
        "{player} blocks {other}, who now needs {new} tiles instead of {old}!",
    ),
    "lightning.science.distance.walled": (
        "{player} ferme la route de {other} : {other} ne pourra plus jamais relier ses bords !",
        "{player} closes {other}'s way: {other} can never connect any more!",
    ),
    "lightning.science.distance.won": (
        "{player} relie ses deux bords : victoire !",
        "{player} joins both edges: victory!",
    ),
    "lightning.science.distance.explain": (
        "Sur chaque case, le nombre dit combien de tuiles il faut au moins si le chemin passe par là. Une "
        "tuile qui ne va pas, posée sur le meilleur chemin de l'adversaire, fait grandir ses nombres : "
        "c'est ça, bloquer.",
        "The number on each square tells how many tiles are needed at least if the path goes through it. A "
        "tile that does not fit, laid on the opponent's best route, makes their numbers grow: that is "
        "blocking.",
    ),
    "lightning.science.history.tab": ("L'histoire du jeu", "The game's story"),
    "lightning.science.history.known.title": ("Ce que dit l'article", "What the article tells"),
    "lightning.science.history.known": (
        "Lightning a été breveté en 1892 par Harry A. Doty et vendu aux États-Unis par Selchow & Righter, "
        "avec un éclair et un joueur de cerf-volant sur la boîte. Le plateau a {squares} cases : deux moitiés "
        "de {rows} rangées de {cols} cases. Il y a {tiles} tuiles, {designs} modèles de {copies}. C'est l'un "
        "des tout premiers jeux de connexion, un demi-siècle avant le Hex (Piet Hein en 1942, puis John "
        "Nash). Jim Polczynski l'a fait redécouvrir en 2001.",
        "Lightning was patented in 1892 by Harry A. Doty and sold in the United States by Selchow & Righter, "
        "with a lightning bolt and a kite flyer on the box. The board has {squares} squares: two halves of "
        "{rows} rows of {cols} squares. There are {tiles} tiles, {designs} designs of {copies}. It is one of "
        "the very first connection games, half a century before Hex (Piet Hein in 1942, then John Nash). "
        "Jim Polczynski brought it back to light in 2001.",
    ),
    "lightning.science.history.rebuilt.title": ("Ce qui est reconstruit", "What is rebuilt"),
    "lightning.science.history.rebuilt": (
        "La figure des 5 modèles de tuiles manque dans notre source. Nos dessins (droite, diagonale, arc, "
        "éclair et éclair miroir) sont une reconstruction, rangée à part dans le programme pour pouvoir la "
        "remplacer par les vrais.",
        "The figure of the 5 tile designs is missing from our source. Our drawings (straight, diagonal, arc, "
        "bolt and mirrored bolt) are a reconstruction, kept apart in the program so that the real ones can "
        "replace it.",
    ),
    "lightning.science.history.copies": ("× {n}", "× {n}"),
    "lightning.science.history.year.1892": ("Lightning", "Lightning"),
    "lightning.science.history.year.1942": ("le Hex", "Hex"),
    "lightning.science.history.year.2001": ("redécouvert", "rediscovered"),
    "lightning.science.history.year.2011": ("l'article", "the article"),
}
