"""Lewthwaite's visible strings: key -> (French, English). Rules follow the IREMI article (2021)."""

STRINGS: dict[str, tuple[str, str]] = {
    "lewthwaite.title": ("Lewthwaite", "Lewthwaite"),
    "lewthwaite.tagline": (
        "Glisse tes jetons dans le trou. Celui qui est bloqué a perdu !",
        "Slide your tokens into the hole. Whoever is stuck loses!",
    ),
    "lewthwaite.color.red": ("les rouges", "Red"),
    "lewthwaite.color.blue": ("les bleus", "Blue"),
    "lewthwaite.Color.red": ("Rouge", "Red"),
    "lewthwaite.Color.blue": ("Bleu", "Blue"),
    "lewthwaite.turn": ("À toi, {color} !", "Your turn, {color}!"),
    "lewthwaite.turn.computer": ("{color} réfléchit…", "{color} is thinking…"),
    "lewthwaite.turn.computer.who": ("C'est l'ordinateur ({level}) qui joue.", "The computer ({level}) is playing."),
    "lewthwaite.turn.tokens": ("Touche un de tes jetons à côté du trou.", "Touch one of your tokens next to the hole."),
    "lewthwaite.turn.snake": (
        "Touche une case lumineuse pour avancer le pion.",
        "Touch a glowing square to move the pawn.",
    ),
    # Levels: the same words in every game (Bébé plays at random, Champion is the strongest).
    "lewthwaite.level.random": ("Bébé", "Baby"),
    "lewthwaite.level.greedy": ("Malin", "Clever"),
    "lewthwaite.level.perfect": ("Champion", "Champion"),
    "lewthwaite.moves": ("Coups joués : {n}", "Moves played: {n}"),
    "lewthwaite.view.snake": ("Vue serpent", "Snake view"),
    "lewthwaite.view.tokens": ("Vue jetons", "Token view"),
    "lewthwaite.end.blocked": ("{Loser} ne peuvent plus bouger.", "{Loser} cannot move."),
    "lewthwaite.end.moves": ("Partie finie en {n} coups.", "Game over after {n} moves."),
    "lewthwaite.end.moves.one": ("Partie finie en {n} coup.", "Game over after {n} move."),
    "lewthwaite.illegal.moved": (
        "Ce jeton a déjà bougé : un jeton ne bouge jamais deux fois.",
        "That token has already moved: no token ever moves twice.",
    ),
    "lewthwaite.illegal.far": ("Ce jeton n'est pas à côté du trou.", "That token is not next to the hole."),
    "lewthwaite.illegal.color": (
        "Ce n'est pas ta couleur : c'est au tour {of_color}.",
        "That is not your colour: it is {of_color}'s turn.",
    ),
    "lewthwaite.illegal.turn.red": (
        "Ce n'est pas ta couleur : c'est au tour des rouges.",
        "That is not your colour: it is Red's turn.",
    ),
    "lewthwaite.illegal.turn.blue": (
        "Ce n'est pas ta couleur : c'est au tour des bleus.",
        "That is not your colour: it is Blue's turn.",
    ),
    "lewthwaite.illegal.hole": (
        "C'est le trou : touche un jeton à côté.",
        "That is the hole: touch a token next to it.",
    ),
    "lewthwaite.illegal.off_board": ("Ce n'est pas une case du plateau.", "That is not a square of the board."),
    "lewthwaite.illegal.over": ("La partie est finie.", "The game is over."),
    "lewthwaite.illegal.of.red": ("des rouges", "Red"),
    "lewthwaite.illegal.of.blue": ("des bleus", "Blue"),
    "lewthwaite.hint.win": (
        "Tu peux gagner : joue le jeton marqué. Ensuite, chaque fois que ton adversaire bouge un jeton, "
        "bouge l'autre jeton de son domino.",
        "You can win: move the marked token. Then, each time your opponent moves a token, move the "
        "other token of its domino.",
    ),
    "lewthwaite.hint.lose": (
        "Ton adversaire peut gagner s'il ne se trompe jamais : chaque fois que tu bouges un jeton, il "
        "bouge l'autre jeton du domino. Joue le jeton marqué pour tenir le plus longtemps.",
        "Your opponent can win if they never make a mistake: each time you move a token, they move the "
        "other token of its domino. Move the marked token to hold out as long as you can.",
    ),
    "lewthwaite.hint.win.snake": (
        "Tu peux gagner : avance le pion sur la case marquée. Ensuite, chaque fois que ton adversaire "
        "avance, va sur l'autre case de son domino.",
        "You can win: move the pawn to the marked square. Then, each time your opponent moves, go to "
        "the other square of its domino.",
    ),
    "lewthwaite.hint.lose.snake": (
        "Ton adversaire peut gagner s'il ne se trompe jamais : chaque fois que tu avances, il va sur "
        "l'autre case du domino. Va sur la case marquée pour tenir le plus longtemps.",
        "Your opponent can win if they never make a mistake: each time you move, they go to the other "
        "square of the domino. Go to the marked square to hold out as long as you can.",
    ),
    "lewthwaite.chart.axis": ("Longueur de la partie (en coups)", "Game length (moves)"),
    "lewthwaite.chart.red": ("Les rouges gagnent (nombre de coups impair)", "Red wins (odd number of moves)"),
    "lewthwaite.chart.blue": ("Les bleus gagnent (nombre de coups pair)", "Blue wins (even number of moves)"),
    # Rules screen, after the IREMI article (Busser & Hoarau, 2021).
    "lewthwaite.rules.title": ("Les règles de Lewthwaite", "The rules of Lewthwaite"),
    "lewthwaite.rules.p1.title": ("Le matériel", "What you need"),
    "lewthwaite.rules.p1.text": (
        # A calculation never breaks across lines: non-breaking spaces (\u00a0) around its signs.
        "Une grille de 5\u00a0×\u00a05 cases, 12 jetons rouges et 12 jetons bleus. On les pose comme sur un "
        "damier, en alternant les couleurs. Comme 5\u00a0×\u00a05\u00a0=\u00a025 et 12\u00a0+\u00a012\u00a0=\u00a024, "
        "la case du milieu reste vide : c'est le trou.",
        "A 5\u00a0×\u00a05 grid, 12 red tokens and 12 blue tokens. Lay them out like a checkerboard, alternating "
        "the colours. Since 5\u00a0×\u00a05\u00a0=\u00a025 and 12\u00a0+\u00a012\u00a0=\u00a024, the middle "
        "square stays empty: that is the hole.",
    ),
    "lewthwaite.rules.p2.title": ("Jouer", "How to play"),
    "lewthwaite.rules.p2.text": (
        "À ton tour, fais glisser un de tes jetons dans le trou. Il doit toucher le trou : en haut, en bas, "
        "à gauche ou à droite (jamais en diagonale). Au début, seuls des jetons rouges touchent le trou : "
        "les rouges commencent.",
        "On your turn, slide one of your tokens into the hole. It must touch the hole: above it, below it, "
        "to its left or to its right (never diagonally). At the start, only red tokens touch the hole: "
        "Red starts.",
    ),
    "lewthwaite.rules.p3.title": ("Gagner", "Winning"),
    "lewthwaite.rules.p3.text": (
        "Si c'est ton tour et qu'aucun de tes jetons ne peut glisser dans le trou, tu es bloqué : "
        "tu as perdu ! Ici, quatre jetons rouges en croix bloquent les bleus.",
        "If it is your turn and none of your tokens can slide into the hole, you are stuck: you lose! "
        "Here, four red tokens in a cross block Blue.",
    ),
    "lewthwaite.rules.p4.title": ("Un jeton ne bouge qu'une fois", "A token moves only once"),
    "lewthwaite.rules.p4.text": (
        "Surprise : un jeton qui a bougé ne peut plus jamais bouger. Une partie dure donc au plus "
        "24 coups, et il n'y a jamais de match nul. Le trou trace un chemin qui ne repasse jamais au "
        "même endroit : la vue serpent montre la partie avec un seul pion qui avance.",
        "Surprise: a token that has moved can never move again. So a game lasts at most 24 moves, and "
        "there is never a draw. The hole traces a path that never crosses itself: the snake view shows "
        "the game as a single pawn moving along.",
    ),
    "lewthwaite.rules.p5.title": ("La stratégie des dominos", "The domino strategy"),
    "lewthwaite.rules.p5.text": (
        "Les 24 cases sans le trou se couvrent avec 12 dominos. Chaque fois que le premier joueur bouge "
        "un jeton, le second bouge l'autre jeton du même domino. Il peut toujours le faire : le second "
        "joueur gagne à coup sûr. Le bouton Indice montre ces dominos.",
        "The 24 squares other than the hole can be covered with 12 dominoes. Each time the first player "
        "moves a token, the second moves the other token of the same domino. That is always possible: "
        "the second player is sure to win. The Hint button shows the dominoes.",
    ),
    "lewthwaite.rules.p6.title": ("En jouant au hasard", "Playing at random"),
    "lewthwaite.rules.p6.text": (
        "Si les deux joueurs jouent au hasard, le premier gagne {p} % des parties, et une partie dure "
        "{mean} coups en moyenne. L'ordinateur vient de le calculer sur toutes les parties possibles ; "
        "l'article trouvait environ 35 % et 15,3 coups en simulant 100 000 parties.",
        "If both players move at random, the first one wins {p}% of games and a game lasts {mean} "
        "moves on average. The computer has just worked this out over every possible game; the article "
        "found about 35% and 15.3 moves by simulating 100,000 games.",
    ),
    "lewthwaite.turn.physical": (
        "Glisse un de tes jetons dans le trou, sur le plateau.",
        "Slide one of your tokens into the hole, on the board.",
    ),
    "lewthwaite.piece.R.the": ("le jeton rouge", "the red token"),
    "lewthwaite.piece.R.a": ("un jeton rouge", "a red token"),
    "lewthwaite.piece.B.the": ("le jeton bleu", "the blue token"),
    "lewthwaite.piece.B.a": ("un jeton bleu", "a blue token"),
    "lewthwaite.physical.guide": (
        "Joue pour l'ordinateur : glisse le jeton qui clignote ({from}) dans le trou ({to}).",
        "Play for the computer: slide the blinking token ({from}) into the hole ({to}).",
    ),
    # Science corner ("Les maths du jeu"): every figure is computed by games/lewthwaite/maths.py.
    "lewthwaite.science.adj.red": ("rouge", "red"),
    "lewthwaite.science.adj.blue": ("bleu", "blue"),
    "lewthwaite.science.random.tab": ("Parties au hasard", "Random games"),
    "lewthwaite.science.random.again": ("Recommencer", "Start again"),
    "lewthwaite.science.random.games": ("{n} parties", "{n} games"),
    "lewthwaite.science.random.games.one": ("{n} partie", "{n} game"),
    "lewthwaite.science.random.speed": ("vitesse : {n} coups/s", "speed: {n} moves/s"),
    "lewthwaite.science.random.rate": ("Le premier gagne : {p}", "First player wins: {p}"),
    "lewthwaite.science.random.mean": ("Durée moyenne : {m} coups", "Average length: {m} moves"),
    "lewthwaite.science.random.computing": ("calcul exact…", "computing…"),
    "lewthwaite.science.random.exact": ("exact : {v}", "exact: {v}"),
    "lewthwaite.science.random.histogram": (
        "Coups par partie (en rouge : le 1er gagne ; trait : exact)",
        "Moves per game (red: the 1st player wins; line: exact)",
    ),
    "lewthwaite.science.random.converge": (
        "Part des victoires du premier joueur (vert : exact)",
        "First player's share of wins (green: exact)",
    ),
    "lewthwaite.science.random.explain": (
        "L'ordinateur joue au hasard des deux côtés. Plus il joue de parties, plus la part gagnée par le "
        "premier joueur s'approche de la valeur exacte, calculée sur toutes les parties possibles.",
        "The computer plays at random on both sides. The more games it plays, the closer the first player's "
        "share of wins gets to the exact value, computed over every possible game.",
    ),
    "lewthwaite.science.domino.tab": ("La preuve des dominos", "The domino proof"),
    "lewthwaite.science.domino.new": ("Autre partie", "Another game"),
    "lewthwaite.science.domino.moves": ("Coups joués : {n}", "Moves played: {n}"),
    "lewthwaite.science.domino.start": (
        "Rouge commence et joue au hasard. Bleu suit les dominos.",
        "Red starts and plays at random. Blue follows the dominoes.",
    ),
    "lewthwaite.science.domino.red": ("Rouge bouge un jeton, n'importe lequel.", "Red moves a token, any one."),
    "lewthwaite.science.domino.blue": (
        "Bleu bouge l'autre jeton du même domino (en or).",
        "Blue moves the other token of the same domino (in gold).",
    ),
    "lewthwaite.science.domino.stuck": (
        "Rouge est bloqué après {n} coups : Bleu gagne, comme à chaque fois !",
        "Red is stuck after {n} moves: Blue wins, as always!",
    ),
    "lewthwaite.science.domino.why": ("Pourquoi ça marche", "Why it works"),
    "lewthwaite.science.domino.explain": (
        "Les 24 cases sans le trou se couvrent avec 12 dominos. Chaque coup de Rouge entame un domino tout "
        "neuf : Bleu peut toujours jouer l'autre moitié. C'est donc toujours Rouge qui finit bloqué.",
        "The 24 squares other than the hole are covered with 12 dominoes. Each of Red's moves starts a "
        "brand-new domino, so Blue can always play its other half. That is why Red always ends up stuck.",
    ),
    "lewthwaite.science.board.tab": ("N'importe quel plateau", "Any board"),
    "lewthwaite.science.board.rows": ("{n} lignes", "{n} rows"),
    "lewthwaite.science.board.cols": ("{n} colonnes", "{n} columns"),
    "lewthwaite.science.board.first": ("Le premier joueur gagne", "The first player wins"),
    "lewthwaite.science.board.second": ("Le second joueur gagne", "The second player wins"),
    "lewthwaite.science.board.tiling": (
        "Les {squares} cases sans le trou se couvrent avec {dominoes} dominos. Le second joueur répond "
        "toujours dans le domino que l'autre vient d'entamer : il gagne.",
        "The {squares} squares other than the hole are covered with {dominoes} dominoes. The second player "
        "always answers inside the domino the other has just started: they win.",
    ),
    "lewthwaite.science.board.odd": (
        "Sans le trou, il reste {squares} cases : c'est un nombre impair, donc des dominos ne peuvent pas "
        "toutes les couvrir. Le premier joueur bouge le jeton de la flèche, puis suit les dominos : il gagne.",
        "Without the hole, {squares} squares are left: an odd number, so dominoes cannot cover them all. "
        "The first player moves the token on the arrow, then follows the dominoes: they win.",
    ),
    "lewthwaite.science.board.colours": (
        "Sans le trou, il reste {light} cases claires et {dark} foncées. Un domino couvre toujours une "
        "claire et une foncée : impossible de tout couvrir. Le premier joueur bouge le jeton de la flèche, "
        "puis suit les dominos : il gagne.",
        "Without the hole, {light} light squares and {dark} dark ones are left. A domino always covers one "
        "of each: they cannot all be covered. The first player moves the token on the arrow, then follows "
        "the dominoes: they win.",
    ),
    "lewthwaite.science.board.tap": ("Touche une case pour y mettre le trou.", "Touch a square to put the hole there."),
    "lewthwaite.science.puzzle.tab": ("Énigmes", "Puzzles"),
    "lewthwaite.science.puzzle.next": ("Suite", "Next"),
    "lewthwaite.science.puzzle.new": ("Autre énigme", "New puzzle"),
    "lewthwaite.science.puzzle.check": ("Vérifier", "Check"),
    "lewthwaite.science.puzzle.won": ("La partie est finie : {winner} ont gagné.", "The game is over: {winner} won."),
    "lewthwaite.science.puzzle.turn": (
        "La partie continue : c'est au tour {player}.",
        "The game goes on: it is {player}'s turn.",
    ),
    "lewthwaite.science.puzzle.step": ("Question {k} sur {n}", "Question {k} of {n}"),
    "lewthwaite.science.puzzle.score": ("{k} bonnes réponses sur {n}", "{k} right answers out of {n}"),
    "lewthwaite.science.puzzle.score.one": ("{k} bonne réponse sur {n}", "{k} right answer out of {n}"),
    "lewthwaite.science.puzzle.key": (
        "La clé de ces énigmes : un jeton ne bouge jamais deux fois. Les jetons qui ont bougé sont "
        "exactement ceux posés sur une case de l'autre couleur.",
        "The key to these puzzles: no token ever moves twice. The tokens that have moved are exactly those "
        "on a square of the other colour.",
    ),
    "lewthwaite.science.puzzle.q.moves": ("Combien de coups ont été joués ?", "How many moves were played?"),
    "lewthwaite.science.puzzle.q.first": ("Qui a commencé ?", "Who started?"),
    "lewthwaite.science.puzzle.q.moved": (
        "Quels jetons ont bougé ? Touche-les.",
        "Which tokens have moved? Touch them.",
    ),
    "lewthwaite.science.puzzle.q.hidden": (
        "De quelle couleur est le jeton caché ?",
        "What colour is the hidden token?",
    ),
    "lewthwaite.science.puzzle.right": ("Exact !", "Right!"),
    "lewthwaite.science.puzzle.wrong": ("Pas tout à fait…", "Not quite…"),
    "lewthwaite.science.puzzle.hint.moves": (
        "Indice : un jeton ne bouge jamais deux fois.",
        "Hint: no token ever moves twice.",
    ),
    "lewthwaite.science.puzzle.hint.first": (
        "Indice : regarde le jeton du centre.",
        "Hint: look at the token in the centre.",
    ),
    "lewthwaite.science.puzzle.hint.moved": (
        "Indice : au départ, les couleurs alternent comme sur un damier.",
        "Hint: at the start, the colours alternate like on a checkerboard.",
    ),
    "lewthwaite.science.puzzle.hint.hidden": (
        "Indice : chaque joueur a 12 jetons.",
        "Hint: each player has 12 tokens.",
    ),
    "lewthwaite.science.puzzle.why.moves": (
        "Chaque case a maintenant la couleur du jeton qui y était au départ. {n} jetons sont sur une case de "
        "l'autre couleur : ils ont bougé, une seule fois chacun. Donc {n} coups ont été joués.",
        "Each square now shows the colour of the token that started there. {n} tokens sit on a square of "
        "the other colour: they moved, once each. So {n} moves were played.",
    ),
    "lewthwaite.science.puzzle.why.moved": (
        "Les {n} jetons entourés de vert sont sur une case de l'autre couleur : ce sont eux qui ont bougé, "
        "car un jeton ne bouge jamais deux fois.",
        "The {n} tokens ringed in green sit on a square of the other colour: they are the ones that moved, "
        "since no token ever moves twice.",
    ),
    "lewthwaite.science.puzzle.marks.found": ("Un point vert marque ceux que tu as trouvés.",
                                              "A green dot marks the ones you found."),
    "lewthwaite.science.puzzle.marks.wrong": ("Un rond rouge barré marque ceux que tu as touchés et qui n'ont pas "
                                              "bougé.", "A red ring crossed out marks the ones you touched that did "
                                                        "not move."),
    "lewthwaite.science.puzzle.why.first": (
        "Le jeton du centre a bougé le tout premier : il a glissé dans le trou du départ et n'en est jamais "
        "reparti. Il est {colour} : {player} ont commencé.",
        "The token in the centre moved first of all: it slid into the starting hole and never left. It is "
        "{colour}: {player} started.",
    ),
    "lewthwaite.science.puzzle.why.hidden": (
        "On voit {red} jetons rouges et {blue} bleus. Chaque joueur en a 12 : le jeton caché est {colour}.",
        "You can see {red} red tokens and {blue} blue ones. Each player has 12: the hidden token is {colour}.",
    ),
}
