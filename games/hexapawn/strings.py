"""Hexapawn's words, French first."""

STRINGS: dict[str, tuple[str, str]] = {
    "hexapawn.title": ("Hexapion", "Hexapawn"),
    "hexapawn.tagline": ("Trois pions chacun. Une machine apprend à jouer !",
                         "Three pawns each. A machine learns to play!"),
    "hexapawn.player.1": ("les blancs", "White"),
    "hexapawn.player.2": ("les noirs", "Black"),
    "hexapawn.level.random": ("Bébé", "Baby"),
    "hexapawn.level.matchbox": ("La machine qui apprend", "The learning machine"),
    "hexapawn.level.perfect": ("Champion", "Champion"),
    "hexapawn.end.far": ("{Winner} sont arrivés au bout du plateau.", "{Winner} reached the far side."),
    "hexapawn.end.taken": ("{Loser} n'ont plus de pion.", "{Loser} have no pawn left."),
    "hexapawn.end.blocked": ("{Loser} ne peuvent plus bouger.", "{Loser} cannot move."),
    "hexapawn.illegal.off": ("Cette case n'est pas sur le plateau.", "That square is not on the board."),
    "hexapawn.illegal.over": ("La partie est finie.", "The game is over."),
    "hexapawn.illegal.not_yours": ("Ce n'est pas ton pion.", "That is not your pawn."),
    "hexapawn.illegal.forward": ("Un pion avance d'une seule case, vers l'avant.",
                                 "A pawn goes one square, forward."),
    "hexapawn.illegal.blocked": ("Tout droit, la case doit être vide.", "Straight ahead, the square must be empty."),
    "hexapawn.illegal.diagonal": ("En diagonale, seulement pour prendre un pion.",
                                  "Diagonally, only to take a pawn."),
    "hexapawn.illegal.stuck": ("Ce pion ne peut pas bouger.", "That pawn cannot move."),
    "hexapawn.turn": ("À toi : {Side}", "Your turn: {Side}"),
    "hexapawn.turn.computer": ("{Side} réfléchissent…", "{Side} are thinking…"),
    "hexapawn.turn.how": ("Touche un pion, puis sa case.", "Touch a pawn, then its square."),
    "hexapawn.hint.win": ("Cette flèche gagne !", "This arrow wins!"),
    "hexapawn.hint.lose": ("Tout perd ici : cette flèche résiste le plus.",
                           "Everything loses here: this arrow holds out longest."),
    "hexapawn.panel.title": ("La machine qui apprend", "The learning machine"),
    "hexapawn.panel.other": (
        "Choisis « La machine qui apprend » (bouton Joueurs) : c'est une boîte d'allumettes par position, "
        "avec une perle par coup. Chaque fois qu'elle perd, elle retire la perle de son dernier coup.",
        "Choose “The learning machine” (Players button): a matchbox for each position, with a bead for "
        "each move. Each time it loses, it takes out the bead of its last move."),
    "hexapawn.panel.waiting": (
        "À toi de commencer ! Puis la machine ouvre la boîte de la position et tire une perle au hasard.",
        "You start! Then the machine opens the box of the position and draws a bead at random."),
    "hexapawn.panel.box": ("Boîte {n} sur {total}", "Box {n} of {total}"),
    "hexapawn.panel.box.new": ("Une boîte toute neuve", "A brand new box"),
    "hexapawn.panel.shake": ("La machine secoue la boîte et tire une perle…",
                             "The machine shakes the box and draws a bead…"),
    "hexapawn.panel.drawn": ("La perle tirée donne son coup : la flèche de sa couleur.",
                             "The bead drawn gives its move: the arrow of its colour."),
    "hexapawn.panel.empty": ("Boîte vide : tous ses coups ont perdu.", "Empty box: all its moves have lost."),
    "hexapawn.panel.lesson": ("Perdu : la machine retire la perle de son dernier coup.",
                              "Lost: the machine takes out the bead of its last move."),
    "hexapawn.panel.record": ("Parties contre les visiteurs : {n} · perdues : {lost}",
                              "Games against visitors: {n} · lost: {lost}"),
    "hexapawn.rules.title": ("Les règles de l'Hexapion", "The rules of Hexapawn"),
    "hexapawn.rules.p1.title": ("Trois pions chacun", "Three pawns each"),
    "hexapawn.rules.p1.text": (
        "Un plateau de 3 cases sur 3. Les blancs en bas, les noirs en haut. Les blancs commencent.",
        "A board of 3 by 3 squares. White at the bottom, Black at the top. White starts."),
    "hexapawn.rules.p2.title": ("Avancer", "Moving"),
    "hexapawn.rules.p2.text": (
        "À ton tour, avance un de tes pions d'une case tout droit, si la case est vide.",
        "On your turn, move one of your pawns one square straight ahead, if that square is empty."),
    "hexapawn.rules.p3.title": ("Prendre", "Taking"),
    "hexapawn.rules.p3.text": (
        "Un pion prend en diagonale, une case vers l'avant : le pion pris quitte le plateau. "
        "Tout droit, un pion ne prend jamais.",
        "A pawn takes diagonally, one square forward: the pawn taken leaves the board. "
        "Straight ahead, a pawn never takes."),
    "hexapawn.rules.p4.title": ("Gagner", "Winning"),
    "hexapawn.rules.p4.text": (
        "Tu gagnes si un de tes pions arrive au bout, si tu prends tous les pions de l'autre, "
        "ou si l'autre ne peut plus bouger.",
        "You win if a pawn of yours reaches the far side, if you take all the other's pawns, "
        "or if the other cannot move."),
    "hexapawn.rules.win.1": ("Au bout", "Far side"),
    "hexapawn.rules.win.2": ("Plus de pion", "No pawn left"),
    "hexapawn.rules.win.3": ("Bloqué", "Stuck"),
    "hexapawn.rules.p5.title": ("La machine qui apprend", "The learning machine"),
    "hexapawn.rules.p5.text": (
        "Martin Gardner l'a inventée en 1962 avec des boîtes d'allumettes : une boîte par position, "
        "une perle de couleur par coup. Elle tire une perle au hasard. Quand elle perd, "
        "elle retire la perle de son dernier coup. Elle apprend de toutes tes parties !",
        "Martin Gardner invented it in 1962 with matchboxes: a box for each position, a coloured bead "
        "for each move. It draws a bead at random. When it loses, it takes out the bead of its last "
        "move. It learns from all your games!"),
    "hexapawn.rules.p6.title": ("Qui gagne ?", "Who wins?"),
    "hexapawn.rules.p6.text": (
        "Les noirs, qui jouent en second, peuvent toujours gagner : à chaque premier coup des blancs, "
        "il y a une réponse gagnante (les flèches vertes).",
        "Black, who plays second, can always win: each first move of White has a winning reply "
        "(the green arrows)."),
    "hexapawn.piece.W.the": ("le pion blanc", "the white pawn"),
    "hexapawn.piece.W.a": ("un pion blanc", "a white pawn"),
    "hexapawn.piece.B.the": ("le pion noir", "the black pawn"),
    "hexapawn.piece.B.a": ("un pion noir", "a black pawn"),
    "hexapawn.physical.guide": ("Joue pour l'ordinateur : pousse le pion qui clignote ({from}) en {to}.",
                                "Play for the computer: push the blinking pawn ({from}) to {to}."),
}

STRINGS |= {
    "hexapawn.science.boxes": ("Ses boîtes", "Its boxes"),
    "hexapawn.science.boxes.heading": ("Une boîte par position", "A box for each position"),
    "hexapawn.science.boxes.text": (
        "La machine joue les noirs avec {boxes} boîtes : une par position qu'elle peut rencontrer "
        "(une position et son reflet dans un miroir partagent une boîte). Chaque flèche est un coup, "
        "chaque perle de sa couleur une chance de le jouer. Il reste {beads} perles : "
        "chaque défaite en retire une.",
        "The machine plays Black with {boxes} boxes: one for each position it can meet (a position "
        "and its mirror image share a box). Each arrow is a move, each bead of its colour a chance "
        "to play it. {beads} beads are left: each defeat takes one out."),
    "hexapawn.science.curve": ("Sa courbe", "Its curve"),
    "hexapawn.science.curve.heading": ("Gagnées moins perdues, partie après partie",
                                       "Won minus lost, game after game"),
    "hexapawn.science.curve.axis": ("parties contre les visiteurs", "games against visitors"),
    "hexapawn.science.curve.title": ("Elle apprend", "It learns"),
    "hexapawn.science.curve.none": (
        "Pas encore de partie contre elle. Joue contre « La machine qui apprend » : "
        "la courbe monte d'un cran quand elle gagne et descend quand elle perd.",
        "No game against it yet. Play against “The learning machine”: the curve goes up a step "
        "when it wins and down when it loses."),
    "hexapawn.science.curve.text": (
        "{n} parties, {lost} perdues. Sa dernière défaite : partie {last}. "
        "Quand la courbe ne fait plus que monter, la machine a fini d'apprendre. "
        "Martin Gardner l'a vu en 1962 : elle finit par ne plus perdre.",
        "{n} games, {lost} lost. Its last defeat: game {last}. "
        "When the curve only goes up, the machine has finished learning. "
        "Martin Gardner saw it in 1962: in the end it never loses."),
}

STRINGS |= {
    "hexapawn.operator.button": ("Machine de l'Hexapion", "Hexapawn's machine"),
    "hexapawn.operator.title": ("La machine qui apprend (Hexapion)", "The learning machine (Hexapawn)"),
    "hexapawn.operator.record": (
        "{n} parties contre les visiteurs, {lost} perdues (la dernière : partie {last}). "
        "{boxes} boîtes. Boîtes neuves depuis le {day}.",
        "{n} games against visitors, {lost} lost (the last one: game {last}). "
        "{boxes} boxes. Fresh boxes since {day}."),
    "hexapawn.operator.reset": ("Remettre les boîtes à neuf", "Give it fresh boxes"),
    "hexapawn.operator.confirm": ("Toucher encore : elle oublie tout", "Touch again: it forgets everything"),
    "hexapawn.operator.morning": ("Boîtes neuves chaque matin", "Fresh boxes each morning"),
    "hexapawn.operator.file": ("Sa mémoire : {path}", "Its memory: {path}"),
    "hexapawn.operator.nowhere": ("nulle part (pas de dossier d'état)", "nowhere (no state folder)"),
}
