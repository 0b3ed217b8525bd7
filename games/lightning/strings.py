"""Lightning's visible strings: key -> (French, English). Written for 6-12-year-olds: the
screen speaks to "toi" (the child) and names the computer or the colours in full sentences."""

STRINGS: dict[str, tuple[str, str]] = {
    "lightning.title": ("Lightning", "Lightning"),
    "lightning.tagline": ("Relie ton bord au milieu par un éclair de tuiles !",
                          "Join your edge to the middle with a bolt of tiles!"),
    "lightning.player.1": ("Rouge", "Red"),
    "lightning.player.2": ("Bleu", "Blue"),
    # Computer levels, weakest first, for children (the "who plays" card and the player cards): the
    # same words in every game (Bébé plays at random, Malin follows one simple idea, Champion is the
    # strongest).
    "lightning.level.random": ("Bébé", "Baby"),
    "lightning.level.builder": ("Malin", "Clever"),
    "lightning.level.strong": ("Champion", "Champion"),
    # Whose turn, and what to do (the box at the top).
    "lightning.turn.take.you": ("À toi ! Prends une tuile dans la pioche ou dans la réserve.",
                                "Your turn! Take a tile from the pile or from the reserve."),
    "lightning.turn.place.you": ("Pose ta tuile sur une case verte.\nTouche-la pour la tourner.",
                                 "Lay your tile on a green square.\nTouch it to turn it."),
    "lightning.turn.take.named": ("{name}, à toi ! Prends une tuile dans la pioche ou dans la réserve.",
                                  "{name}, your turn! Take a tile from the pile or from the reserve."),
    "lightning.turn.place.named": ("{name}, pose ta tuile sur une case verte.\nTouche-la pour la tourner.",
                                   "{name}, lay your tile on a green square.\nTouch it to turn it."),
    # The same on a real table: the bag, the mat and the hand spot (the physical-board mode).
    "lightning.turn.physical.take.you": ("À toi ! Tire une tuile du sac ou prends-en une dans la réserve.",
                                         "Your turn! Draw a tile from the bag or take one from the reserve."),
    "lightning.turn.physical.place.you": ("Pose ta tuile sur le tapis, sur une case verte.",
                                          "Lay your tile on the mat, on a green square."),
    "lightning.turn.physical.take.named": ("{name}, à toi ! Tire une tuile du sac ou prends-en une dans la réserve.",
                                           "{name}, your turn! Draw a tile from the bag or take one from the "
                                           "reserve."),
    "lightning.turn.physical.place.named": ("{name}, pose ta tuile sur le tapis, sur une case verte.",
                                            "{name}, lay your tile on the mat, on a green square."),
    "lightning.turn.computer.take": ("{name} choisit une tuile…", "{name} is choosing a tile…"),
    "lightning.turn.computer.place": ("{name} cherche où poser sa tuile…",
                                      "{name} is looking for a place for its tile…"),
    "lightning.turn.cut.you": ("Ton chemin est barré : repars de ta ligne de départ, barre la route de "
                               "l'ordinateur, ou mets ta tuile à la réserve.",
                               "Your path is cut off: start again from your start row, block the computer's "
                               "way, or put your tile in the reserve."),
    "lightning.turn.cut.named": ("{name}, ton chemin est barré : repars de ta ligne de départ, barre la "
                                 "route, ou mets ta tuile à la réserve.",
                                 "{name}, your path is cut off: start again from your start row, block the "
                                 "way, or put your tile in the reserve."),
    "lightning.turn.over": ("La partie est finie.", "The game is over."),
    "lightning.computer": ("L'ordinateur", "The computer"),
    "lightning.starts.you": ("Tirage au sort : c'est toi qui commences !", "Coin toss: you start!"),
    "lightning.starts.computer": ("Tirage au sort : c'est l'ordinateur qui commence.",
                                  "Coin toss: the computer starts."),
    "lightning.starts.named": ("Tirage au sort : {name} commence !", "Coin toss: {name} starts!"),
    "lightning.did.reserve": ("{name} a pris une tuile dans la réserve.", "{name} took a tile from the reserve."),
    "lightning.did.shelve": ("{name} a mis sa tuile dans la réserve.", "{name} put a tile in the reserve."),
    # Why a move is refused (the rules' reason keys).
    "lightning.illegal": ("Pas ici : ta tuile doit toucher une tuile déjà posée, ou être sur ta ligne de départ.",
                          "Not here: your tile must touch a tile already laid, or sit on your start line."),
    "lightning.illegal.occupied": ("Cette case a déjà une tuile. Choisis une case verte.",
                                   "This square already has a tile. Choose a green square."),
    "lightning.illegal.take_first": ("D'abord, prends une tuile : touche la pioche ou une tuile de la réserve.",
                                     "First take a tile: touch the pile or a tile in the reserve."),
    "lightning.illegal.hand_full": ("Tu as déjà une tuile : pose-la d'abord.",
                                    "You already have a tile: lay it first."),
    "lightning.illegal.pool_empty": ("La pioche est vide : prends une tuile dans la réserve.",
                                     "The pile is empty: take a tile from the reserve."),
    "lightning.illegal.reserve_empty": ("Cette tuile n'est plus dans la réserve.",
                                        "That tile is no longer in the reserve."),
    "lightning.illegal.no_room": ("Il n'y a plus de case libre pour une tuile de la réserve.",
                                  "There is no free square left for a tile from the reserve."),
    "lightning.illegal.shelve": ("Seule une tuile de la pioche peut aller dans la réserve.",
                                 "Only a tile from the pile may go to the reserve."),
    "lightning.illegal.over": ("La partie est finie.", "The game is over."),
    "lightning.illegal.source": ("Prends une tuile dans la pioche ou dans la réserve.",
                                 "Take a tile from the pile or from the reserve."),
    "lightning.illegal.design": ("Ce n'est pas une tuile du jeu.", "That is not a tile of the game."),
    "lightning.illegal.not_a_move": ("Ce coup n'existe pas.", "That move does not exist."),
    "lightning.illegal.rotation": ("Cette tuile ne se tourne pas ainsi.", "That tile does not turn that way."),
    "lightning.illegal.off_board": ("Cette case n'est pas sur le plateau.", "That square is not on the board."),
    "lightning.illegal.draw": ("Plus de tuile {design} dans la pioche.", "No {design} tile left in the pile."),
    # The pile, the tile in hand and the reserve.
    "lightning.pool": ("Pioche", "Pile"),
    "lightning.pool.count": ("{count} tuiles", "{count} tiles"),
    "lightning.pool.one": ("1 tuile", "1 tile"),
    "lightning.pool.empty": ("vide", "empty"),
    "lightning.reserve": ("Réserve", "Reserve"),
    "lightning.reserve.empty": ("vide", "empty"),
    "lightning.hand.you": ("Ta tuile", "Your tile"),
    "lightning.hand.computer": ("Tuile de l'ordinateur", "The computer's tile"),
    "lightning.hand.named": ("Tuile de {name}", "{name}'s tile"),
    "lightning.rotate": ("Tourner", "Turn"),
    "lightning.shelve": ("À la réserve", "To the reserve"),
    # The players' cards: how far each path still is from the middle.
    "lightning.card.more": ("Encore {n} tuiles", "{n} more tiles"),
    "lightning.card.more.one": ("Encore 1 tuile", "1 more tile"),
    "lightning.card.why.you": ("au moins, pour relier ton bord de départ au trait doré du milieu.",
                               "at least, to join your start edge to the gold line in the middle."),
    "lightning.card.why.it": ("au moins, pour relier son bord de départ au trait doré du milieu.",
                              "at least, to join its start edge to the gold line in the middle."),
    "lightning.card.cut.you": ("au moins, en repartant de ta ligne de départ : ton chemin est barré.",
                               "at least, starting again from your start row: your path is cut off."),
    "lightning.card.cut.it": ("au moins, en repartant de sa ligne de départ : son chemin est barré.",
                              "at least, starting again from its start row: its path is cut off."),
    "lightning.card.blocked": ("Bloqué !", "Blocked!"),
    "lightning.card.blocked.why": ("Tous les chemins vers le milieu sont barrés.",
                                   "Every way to the middle is cut off."),
    "lightning.card.won": ("Éclair !", "Lightning!"),
    "lightning.card.won.why": ("Le bord de départ est relié au milieu !", "The start edge is joined to the middle!"),
    # The board's labels.
    "lightning.start": ("départ", "start"),
    "lightning.arrival": ("arrivée", "finish"),
    # Why the game ended (under "Tu as gagné !", "L'ordinateur a gagné", "Rouge gagne !").
    "lightning.end.you": ("Ton éclair relie ton départ au milieu, avec {tiles} tuiles sur le plateau.",
                          "Your bolt joins your start to the middle, with {tiles} tiles on the board."),
    "lightning.end.computer": ("Son éclair relie son départ au milieu, avec {tiles} tuiles sur le plateau.",
                               "Its bolt joins its start to the middle, with {tiles} tiles on the board."),
    "lightning.end.connected": ("Un éclair relie un départ au milieu, avec {tiles} tuiles sur le plateau.",
                                "A bolt joins a start to the middle, with {tiles} tiles on the board."),
    "lightning.end.draw": ("La pioche et la réserve sont vides, et personne n'a relié son départ au milieu.",
                           "The pile and the reserve are empty, and nobody has joined their start to the middle."),
    "lightning.end.walled.you": ("Ton chemin ne peut plus arriver au milieu : plus aucune jonction ni case "
                                 "de départ n'y mène.",
                                 "Your path can no longer reach the middle: no junction or start square "
                                 "leads there any more."),
    "lightning.end.walled.computer": ("Tu as barré toutes les routes de l'ordinateur vers le milieu !",
                                      "You have blocked every way the computer had to the middle!"),
    "lightning.end.walled.named": ("Le chemin de {name} ne peut plus arriver au milieu : aucune jonction n'y "
                                   "mène.", "{name}'s path can no longer reach the middle: no junction leads there."),
    "lightning.end.walled": ("Un chemin ne peut plus arriver au milieu.", "A path can no longer reach the middle."),
    "lightning.end.blocked": ("Les deux chemins sont barrés : plus personne ne peut arriver au milieu.",
                              "Both ways are walled off: nobody can reach the middle any more."),
    # The rules.
    "lightning.rules.title": ("Les règles de Lightning", "The rules of Lightning"),
    "lightning.rules.p1.title": ("Le but", "The goal"),
    "lightning.rules.p1.text": (
        "Chaque joueur a son camp : 17 rangées de 8 cases. Dans le tien, construis un chemin de tuiles "
        "sans trou, de ton bord de départ jusqu'au trait doré du milieu. Le premier chemin qui arrive au "
        "milieu gagne, même si certaines de ses tuiles ont été posées par l'autre joueur !",
        "Each player has a camp: 17 rows of 8 squares. In yours, build a path of tiles with no gap, from "
        "your start edge to the gold line in the middle. The first path to reach the middle wins, even "
        "if some of its tiles were laid by the other player!"),
    "lightning.rules.p2.title": ("À ton tour", "Your turn"),
    "lightning.rules.p2.text": (
        "Prends une tuile : dans la pioche (elle est cachée : tu ne sais pas laquelle viendra) ou dans la "
        "réserve (tu la choisis). Tourne-la comme tu veux, puis pose-la. Une tuile de la pioche qui ne t'aide pas peut "
        "aller dans la réserve : tout le monde pourra la prendre.",
        "Take a tile: from the pile (face down: you don't know which one will come) or from the reserve "
        "(you choose it). Turn it as you like, then lay it. A tile from the pile that doesn't help you may "
        "go to the reserve, where anyone can take it."),
    "lightning.rules.p3.title": ("Où poser ?", "Where to lay it?"),
    "lightning.rules.p3.text": (
        "Sur une case de ta ligne de départ, ou sur une case qui touche déjà une tuile par un côté ou par "
        "un coin. Dans ton camp pour avancer, ou dans celui de l'autre pour lui barrer la route ! Les "
        "cases vertes montrent où ta tuile peut aller.",
        "On a square of your start line, or on a square that already touches a tile by a side or a "
        "corner. In your camp to move forward, or in the other camp to block the way! The green squares show "
        "where your tile may go."),
    "lightning.rules.p4.title": ("Bloqué ? Bifurque !", "Blocked? Branch off!"),
    "lightning.rules.p4.text": (
        "Un chemin peut avoir des branches : si le tien est bloqué, repars de n'importe quelle jonction "
        "de ton chemin, ou de ta ligne de départ. Le premier arrivé au milieu gagne. Celui dont le chemin "
        "ne peut plus du tout y arriver a perdu. Pioche et réserve vides : match nul.",
        "A path may have branches: if yours is blocked, go on from any junction of your path, or from "
        "your start row. The first to reach the middle wins. A player whose path can no longer reach it "
        "at all has lost. Pile and reserve empty: a draw."),
    "lightning.rules.p5.title": ("Les tuiles", "The tiles"),
    "lightning.rules.p5.text": (
        "150 tuiles : 5 dessins, 30 de chaque. Harry A. Doty a inventé ce jeu et l'a fait breveter en "
        "1892 : c'est l'un des tout premiers jeux où il faut relier deux bords, bien avant le Hex (1942). "
        "Nos 5 dessins sont une reconstruction : ceux d'origine ne sont pas dans notre source.",
        "150 tiles: 5 designs, 30 of each. Harry A. Doty invented this game and patented it in 1892: it "
        "is one of the very first games where you join two edges, long before Hex (1942). Our 5 designs "
        "are a reconstruction: the original ones are not in our source."),
    "lightning.design.I": ("droite", "straight"),
    "lightning.design.D": ("diagonale", "diagonal"),
    "lightning.design.L": ("arc", "arc"),
    "lightning.design.Z": ("éclair", "bolt"),
    "lightning.piece.I.the": ("la tuile « droite »", "the straight tile"),
    "lightning.piece.I.a": ("une tuile « droite »", "a straight tile"),
    "lightning.piece.D.the": ("la tuile « diagonale »", "the diagonal tile"),
    "lightning.piece.D.a": ("une tuile « diagonale »", "a diagonal tile"),
    "lightning.piece.L.the": ("la tuile « arc »", "the arc tile"),
    "lightning.piece.L.a": ("une tuile « arc »", "an arc tile"),
    "lightning.piece.Z.the": ("la tuile « éclair »", "the bolt tile"),
    "lightning.piece.Z.a": ("une tuile « éclair »", "a bolt tile"),
    "lightning.piece.S.the": ("la tuile « éclair miroir »", "the mirror bolt tile"),
    "lightning.piece.S.a": ("une tuile « éclair miroir »", "a mirror bolt tile"),
    "lightning.physical.draw": ("Pour l'ordinateur : tire une tuile du sac et pose-la sur la case « main ».",
                                "For the computer: draw a tile from the bag and put it on the hand spot."),
    "lightning.physical.take": ("Pour l'ordinateur : prends {piece} dans la réserve.",
                                "For the computer: take {piece} from the reserve."),
    "lightning.physical.place": ("Pour l'ordinateur : pose {piece} en {to}, tournée comme sur l'écran.",
                                 "For the computer: lay {piece} on {to}, turned as on the screen."),
    "lightning.physical.shelve": ("Pour l'ordinateur : pose {piece} dans la réserve.",
                                  "For the computer: put {piece} in the reserve."),
    "lightning.design.S": ("éclair miroir", "mirror bolt"),
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
        "Encore au moins {n} tuiles pour arriver au milieu.",
        "At least {n} more tiles to reach the middle.",
    ),
    "lightning.science.distance.needs.one": (
        "Plus qu'une tuile pour arriver au milieu !",
        "Only one more tile to reach the middle!",
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
        "{player} avance : encore au moins {n} tuiles.",
        "{player} moves forward: at least {n} more tiles.",
    ),
    "lightning.science.distance.build.one": (
        "{player} avance : plus qu'une tuile !",
        "{player} moves forward: only one more tile!",
    ),
    "lightning.science.distance.idle": (
        "{player} pose une tuile qui ne raccourcit pas son chemin.",
        "{player} lays a tile that does not shorten their path.",
    ),
    "lightning.science.distance.block": (
        "{player} bloque {other} : {other} a maintenant besoin de {new} tuiles au lieu de {old} !",
        "{player} blocks {other}: {other} now needs {new} tiles instead of {old}!",
    ),
    "lightning.science.distance.walled": (
        "{player} ferme la route de {other} : {other} ne pourra plus jamais arriver au milieu !",
        "{player} closes {other}'s way: {other} can never reach the middle now!",
    ),
    "lightning.science.distance.won": (
        "{player} relie son départ au milieu : victoire !",
        "{player} joins their start to the middle: victory!",
    ),
    "lightning.science.distance.explain": (
        "Sur chaque case, le nombre dit combien de tuiles il faut au moins si le chemin passe par là. Une "
        "tuile qui ne va pas, posée sur le meilleur chemin de l'adversaire, fait grandir ses nombres : "
        "c'est ça, bloquer.",
        "The number on each square is the fewest tiles needed if the path goes through it. A tile that "
        "does not fit, laid on the opponent's best route, makes their numbers grow: that is blocking.",
    ),
    "lightning.science.history.tab": ("L'histoire du jeu", "The story of the game"),
    "lightning.science.history.known.title": ("Ce que dit l'article", "What the article says"),
    "lightning.science.history.known": (
        "Lightning a été breveté en 1892 par Harry A. Doty et vendu aux États-Unis par Selchow & Righter, "
        "avec un éclair et un joueur de cerf-volant sur la boîte. Le plateau a {squares} cases : deux moitiés "
        "de {rows} rangées de {cols} cases. Il y a {tiles} tuiles : {designs} modèles, {copies} de chaque. "
        "C'est l'un des tout premiers jeux de connexion, un demi-siècle avant le Hex (Piet Hein en 1942, "
        "puis John Nash). Jim Polczynski l'a fait connaître en 2001, dans un article.",
        "Lightning was patented in 1892 by Harry A. Doty and sold in the United States by Selchow & Righter, "
        "with a lightning bolt and a kite flyer on the box. The board has {squares} squares: two halves of "
        "{rows} rows of {cols} squares. There are {tiles} tiles: {designs} designs, {copies} of each. It is "
        "one of the very first connection games, half a century before Hex (Piet Hein in 1942, then John "
        "Nash). Jim Polczynski made it known in 2001, in an article.",
    ),
    "lightning.science.history.rebuilt.title": ("Ce qui est reconstruit", "What is rebuilt"),
    "lightning.science.history.rebuilt": (
        "La figure des 5 modèles de tuiles manque dans notre source. Nos dessins (droite, diagonale, arc, "
        "éclair et éclair miroir) sont une reconstruction. Ils sont rangés à part dans le programme : on "
        "pourra les remplacer par les vrais.",
        "The figure of the 5 tile designs is missing from our source. Our drawings (straight, diagonal, arc, "
        "bolt and mirror bolt) are a reconstruction. They are kept apart in the program, so the real ones "
        "can replace them.",
    ),
    "lightning.science.history.copies": ("× {n}", "× {n}"),
    "lightning.science.history.year.1892": ("Lightning", "Lightning"),
    "lightning.science.history.year.1942": ("le Hex", "Hex"),
    "lightning.science.history.year.2001": ("redécouvert", "rediscovered"),
    "lightning.science.history.year.2011": ("l'article", "the article"),
}
