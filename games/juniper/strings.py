"""Visible strings of Juniper Green: key -> (French, English)."""

STRINGS: dict[str, tuple[str, str]] = {
    "juniper.title": ("Juniper Green", "Juniper Green"),
    "juniper.tagline": (
        "Multiples et diviseurs : qui sera bloqué ?",
        "Multiples and divisors: who gets stuck?",
    ),
    "juniper.end.blocked": (
        "Le joueur {loser} ne peut plus jouer : le joueur {winner} gagne !",
        "Player {loser} cannot move: player {winner} wins!",
    ),
    "juniper.illegal.not_a_number": ("Choisis un nombre de 1 à {n}.", "Pick a number from 1 to {n}."),
    "juniper.illegal.range": ("Choisis un nombre de 1 à {n}.", "Pick a number from 1 to {n}."),
    "juniper.illegal.over": ("La partie est finie.", "The game is over."),
    "juniper.rule.short": (
        "Nombres de 1 à {n} · un multiple ou un diviseur du précédent",
        "Numbers 1 to {n} · a multiple or a divisor of the last one",
    ),
    # Players
    # Levels: words for children (the article's names IA0..IA4 are in the "about" sentences).
    "juniper.level.random": ("Bébé", "Toddler"),
    "juniper.level.human": ("Débutant", "Beginner"),
    "juniper.level.semi-expert": ("Futé", "Smart"),
    "juniper.level.expert": ("Expert", "Expert"),
    "juniper.level.montecarlo": ("Lanceur de dés", "Dice thrower"),
    "juniper.level.perfect": ("Champion", "Champion"),
    "juniper.about.hotseat": (
        "Deux personnes jouent chacune à leur tour sur le même écran.",
        "Two people take turns on the same screen.",
    ),
    "juniper.about.random": (
        "(IA0 de l'article) Joue n'importe quel nombre permis, au hasard.",
        "(the article's IA0) Plays any allowed number at random.",
    ),
    "juniper.about.human": (
        "(IA1 de l'article) Sait que 1 est un poison et qu'après 1, un nombre premier plus grand "
        "que la moitié gagne. Sinon, joue au hasard.",
        "(the article's IA1) Knows that 1 is poison and that after 1 a prime above one half wins. "
        "Otherwise plays at random.",
    ),
    "juniper.about.semi-expert": (
        "(IA2 de l'article) Comme le débutant, et regarde un coup plus loin : évite les pièges "
        "comme 14 quand N = 20.",
        "(the article's IA2) Like the beginner, and looks one move ahead: avoids traps such as 14 "
        "when N = 20.",
    ),
    "juniper.about.expert": (
        "(IA3 de l'article) Évite les pièges et laisse à son adversaire le moins de réponses possible.",
        "(the article's IA3) Avoids traps and leaves its opponent the fewest possible replies.",
    ),
    "juniper.about.montecarlo": (
        "(IA4 de l'article, « Monte-Carlo ») Imagine des centaines de parties au hasard après chaque "
        "coup et choisit celui qui gagne le plus souvent.",
        "(the article's IA4, 'Monte Carlo') Imagines hundreds of random games after each move and "
        "picks the one that wins most often.",
    ),
    "juniper.about.perfect": (
        "Connaît la stratégie gagnante (les paires de copains) : imbattable quand il peut gagner !",
        "Knows the winning strategy (pairs of friends): unbeatable whenever it can win!",
    ),
    "juniper.who.player1": ("Rouge", "Red"),
    "juniper.who.player2": ("Bleu", "Blue"),
    # Sentences about a player: one per person, French grammar needs it.
    "juniper.turn.you": ("À toi de jouer !", "Your turn!"),
    "juniper.turn.computer": ("L'ordinateur joue…", "The computer plays…"),
    "juniper.turn.level": ("{who} joue…", "{who} plays…"),
    "juniper.turn.colour": ("À {who} de jouer !", "{who}'s turn!"),
    "juniper.win.you": ("Bravo, tu as gagné !", "Well done, you win!"),
    "juniper.win.computer": ("L'ordinateur gagne !", "The computer wins!"),
    "juniper.win.level": ("{who} gagne !", "{who} wins!"),
    "juniper.win.colour": ("{who} gagne !", "{who} wins!"),
    "juniper.blocked.you": ("Tu ne peux rien jouer après {last}.", "You cannot play anything after {last}."),
    "juniper.blocked.computer": (
        "L'ordinateur ne peut rien jouer après {last}.",
        "The computer cannot play anything after {last}.",
    ),
    "juniper.blocked.level": (
        "{who} ne peut rien jouer après {last}.",
        "{who} cannot play anything after {last}.",
    ),
    "juniper.blocked.colour": (
        "{who} ne peut rien jouer après {last}.",
        "{who} cannot play anything after {last}.",
    ),
    "juniper.replies.none.you": ("plus aucun nombre pour toi", "no number left for you"),
    "juniper.replies.none.computer": ("plus aucun nombre pour l'ordinateur", "no number left for the computer"),
    "juniper.replies.none.level": ("plus aucun nombre pour {who}", "no number left for {who}"),
    "juniper.replies.none.colour": ("plus aucun nombre pour {who}", "no number left for {who}"),
    "juniper.replies.one.you": ("seul nombre possible pour toi", "only number you can play"),
    "juniper.replies.one.computer": ("seul nombre possible pour l'ordinateur", "only number the computer can play"),
    "juniper.replies.one.level": ("seul nombre possible pour {who}", "only number {who} can play"),
    "juniper.replies.one.colour": ("seul nombre possible pour {who}", "only number {who} can play"),
    "juniper.replies.many.you": ("nombres possibles pour toi", "numbers you can play"),
    "juniper.replies.many.computer": ("nombres possibles pour l'ordinateur", "numbers the computer can play"),
    "juniper.replies.many.level": ("nombres possibles pour {who}", "numbers {who} can play"),
    "juniper.replies.many.colour": ("nombres possibles pour {who}", "numbers {who} can play"),
    "juniper.replies.over": ("plus aucun nombre : la partie est finie", "no number left: the game is over"),
    "juniper.illegal.used": ("{move} a déjà été joué : chaque nombre ne sert qu'une fois.",
                             "{move} has already been played: each number is used only once."),
    "juniper.illegal.odd": ("Le premier nombre doit être pair : {move} est impair.",
                            "The first number must be even: {move} is odd."),
    "juniper.illegal.neither": ("{move} n'est ni un multiple ni un diviseur de {last}.",
                                "{move} is neither a multiple nor a divisor of {last}."),
    "juniper.hint.thinking": ("Je cherche le meilleur coup…", "Looking for the best move…"),
    "juniper.side.start": ("Choisis un nombre pair pour commencer.", "Pick an even number to start."),
    "juniper.side.follow": (
        "Joue un multiple ou un diviseur de {last} qui n'est pas encore pris.",
        "Play a multiple or a divisor of {last} that is still free.",
    ),
    "juniper.side.preview": (
        "Si tu joues {move}, ton adversaire aura {count} réponses possibles.",
        "If you play {move}, your opponent will have {count} possible replies.",
    ),
    "juniper.side.preview.one": (
        "Si tu joues {move}, ton adversaire n'aura qu'une seule réponse.",
        "If you play {move}, your opponent will have only one reply.",
    ),
    "juniper.side.preview.none": (
        "Si tu joues {move}, ton adversaire ne pourra plus rien jouer !",
        "If you play {move}, your opponent will have nothing left to play!",
    ),
    "juniper.hint.win_now": (
        "Tu peux gagner tout de suite : joue {move} ! Après {move}, ton adversaire ne pourra plus rien jouer.",
        "You can win right now: play {move}! After {move}, your opponent cannot play anything.",
    ),
    "juniper.hint.win_one": (
        "Tu peux gagner : joue {move} ! Après {move}, ton adversaire ne pourra jouer que 1, le poison.",
        "You can win: play {move}! After {move}, your opponent can only play 1, the poison.",
    ),
    "juniper.hint.win": ("Tu peux gagner : joue {move} !", "You can win: play {move}!"),
    "juniper.hint.lose": (
        "Contre un joueur parfait, c'est perdu… Pour résister le plus longtemps : joue {move}.",
        "Against perfect play this is lost… To hold out longest: play {move}.",
    ),
    "juniper.chain.label": ("Partie :", "Game:"),
    "juniper.chain.empty": ("Les nombres joués s'aligneront ici.", "The numbers played line up here."),
    "juniper.demo.touch": ("Touche l'écran pour jouer !", "Touch the screen to play!"),
    # Buttons and setup
    "juniper.button.why": ("Pourquoi ?", "Why?"),
    "juniper.button.settings": ("Réglages", "Settings"),
    "juniper.button.close": ("Fermer", "Close"),
    "juniper.setup.title": ("Nouvelle partie", "New game"),
    "juniper.setup.numbers": (
        "Jusqu'à quel nombre ? (petit = plus facile)",
        "Up to which number? (small = easier)",
    ),
    "juniper.setup.opponent": ("Contre qui ?", "Against whom?"),
    "juniper.setup.first": ("Qui commence ?", "Who starts?"),
    "juniper.setup.me_first": ("Moi", "Me"),
    "juniper.setup.computer_first": ("L'ordinateur", "The computer"),
    # Explainer (facts from the IREM de la Réunion article, 2017)
    "juniper.explain.rules.title": ("La règle du jeu", "How to play"),
    "juniper.explain.rules.text": (
        "On joue avec les nombres de 1 à {n}. Le premier joueur choisit un nombre pair. Ensuite, chacun à "
        "son tour "
        "choisit un multiple ou un diviseur du nombre précédent. Un nombre ne sert qu'une fois. Celui qui "
        "ne peut "
        "plus jouer a perdu !",
        "We play with the numbers 1 to {n}. The first player picks an even number. Then, in turn, each "
        "player picks "
        "a multiple or a divisor of the previous number. Each number is used only once. Whoever cannot move "
        "loses!",
    ),
    "juniper.explain.rules.caption": (
        "6 puis 3 (diviseur), 12 (multiple), 4 (diviseur)…",
        "6 then 3 (divisor), 12 (multiple), 4 (divisor)…",
    ),
    "juniper.explain.rules.wrong": (
        "Interdit : 9 n'est ni un multiple ni un diviseur de 4.",
        "Not allowed: 9 is neither a multiple nor a divisor of 4.",
    ),
    "juniper.explain.one.title": ("1 est un poison", "1 is poison"),
    "juniper.explain.one.text": (
        "1 divise tous les nombres : après 1, l'adversaire peut jouer n'importe quel nombre libre. Il "
        "choisira "
        "un nombre qui ne laisse plus rien à jouer… Le but du jeu est donc d'obliger l'autre à jouer 1.",
        "1 divides every number: after 1, the opponent may play any free number. They will pick one that "
        "leaves "
        "nothing to play… So the aim of the game is to force the other player to play 1.",
    ),
    "juniper.explain.primes.title": (
        "Les nombres premiers au-dessus de la moitié",
        "The primes above one half",
    ),
    "juniper.explain.primes.text": (
        "Un nombre premier plus grand que la moitié de {n} n'a aucun multiple jusqu'à {n} et aucun diviseur "
        "à part "
        "1. Après lui, il ne reste que 1 ! C'est aussi pourquoi le premier coup doit être pair : sinon le "
        "premier "
        "joueur commencerait par l'un d'eux et gagnerait tout de suite.",
        "A prime larger than half of {n} has no multiple up to {n} and no divisor except 1. After it, only "
        "1 is "
        "left! That is also why the first move must be even: otherwise the first player would start with "
        "one of "
        "them and win at once.",
    ),
    "juniper.explain.primes.caption": (
        "Pour N = {n} : après 1, chacun de ces nombres bloque l'adversaire.",
        "For N = {n}: after 1, each of these numbers blocks the opponent.",
    ),
    "juniper.explain.fourteen.title": ("Le coup qui fait perdre", "The move that loses"),
    "juniper.explain.fourteen.text": (
        "{prime} n'a que deux voisins : 1 et {move}. Si tu joues {move}, ton adversaire joue {prime}, et il ne "
        "te reste que 1. Tu joues 1… et il répond un nombre premier plus grand que {half}, comme {blocker} : "
        "tu es bloqué. Pour N = 20, c'est 14 : les ordinateurs « humains » de l'article ne le jouent jamais !",
        "{prime} has only two neighbours: 1 and {move}. If you play {move}, your opponent plays {prime}, and "
        "only 1 is left for you. You play 1… and they answer a prime larger than {half}, such as {blocker}: "
        'you are stuck. For N = 20 it is 14: the article\'s "human" computer players never play it!',
    ),
    "juniper.explain.fourteen.step1": (
        "Rouge joue {move}. Bleu répond {prime}.",
        "Red plays {move}. Blue answers {prime}.",
    ),
    "juniper.explain.fourteen.step2": ("Après {prime}, Rouge n'a plus que 1.", "After {prime}, Red only has 1."),
    "juniper.explain.fourteen.step3": (
        "Bleu joue {blocker} : Rouge est bloqué.",
        "Blue plays {blocker}: Red is stuck.",
    ),
    "juniper.explain.strata.title": ("Le piège en couches", "The trap in layers"),
    "juniper.explain.strata.text": (
        "L'article construit un piège couche par couche. Au cœur (P0) : les parties où l'adversaire vient de "
        "jouer 1. P1 : les coups dont toutes les réponses tombent dans P0. P2 : les positions où un coup "
        "mène "
        "dans P1, et ainsi de suite. Le jeu est fini, donc l'un des deux joueurs a toujours une stratégie "
        "gagnante ! Ici, les premiers mots de chaque couche pour N = {n} (l'article dessine N = 6).",
        "The article builds a trap layer by layer. At the core (P0): games where the opponent has just "
        "played 1. "
        "P1: moves whose replies all fall into P0. P2: positions where one move leads into P1, and so on. "
        "The "
        "game is finite, so one of the two players always has a winning strategy! Here, the first words of "
        "each layer for N = {n} (the article draws N = 6).",
    ),
    "juniper.explain.matching.title": ("Le secret de l'ordinateur parfait", "The perfect computer's secret"),
    "juniper.explain.matching.text": (
        "Relie les nombres par paires de « copains » (l'un divise l'autre), en faisant le plus de paires "
        "possible. Le premier joueur gagne s'il peut commencer par un nombre pair qui reste sans copain. "
        "Ensuite, "
        "à chaque coup, il répond par le copain du nombre joué ! {conclusion}",
        'Join the numbers in pairs of "friends" (one divides the other), '
        "making as many pairs as possible. The "
        "first player wins if they can start with an even number left without a friend. Then, each time, "
        "they "
        "answer with the friend of the number just played! {conclusion}",
    ),
    "juniper.explain.matching.first": ("Pour N = {n}, on commence par {start}.", "For N = {n}, start with {start}."),
    "juniper.explain.matching.second": (
        "Pour N = {n}, aucun nombre pair ne reste seul : le second joueur gagne.",
        "For N = {n}, no even number is left alone: the second player wins.",
    ),
    # Science corner ("Les maths du jeu"): every figure is computed (games/juniper/maths.py, solver.py).
    "juniper.science.player.1": ("Rouge", "Red"),
    "juniper.science.player.2": ("Bleu", "Blue"),
    "juniper.science.table.tab": ("Qui gagne ?", "Who wins?"),
    "juniper.science.table.proof": ("Voir la preuve", "See the proof"),
    "juniper.science.table.progress": ("N = {n} sur {total}", "N = {n} of {total}"),
    "juniper.science.table.list": ("Le second joueur gagne pour N =", "The second player wins for N ="),
    "juniper.science.table.first": ("Le 1er gagne : {k} fois", "1st player wins: {k} times"),
    "juniper.science.table.second": ("Le 2e gagne : {k} fois", "2nd player wins: {k} times"),
    "juniper.science.table.first.one": ("Le 1er gagne : {k} fois", "1st player wins: {k} time"),
    "juniper.science.table.second.one": ("Le 2e gagne : {k} fois", "2nd player wins: {k} time"),
    "juniper.science.table.pick.none": ("Touche une case pour choisir N.", "Touch a square to choose N."),
    "juniper.science.table.pick.first": ("N = {n} : le premier joueur gagne.", "N = {n}: the first player wins."),
    "juniper.science.table.pick.second": ("N = {n} : le second joueur gagne !", "N = {n}: the second player wins!"),
    "juniper.science.table.computing": (
        "Pour chaque N, l'ordinateur cherche le plus de paires de nombres « l'un divise l'autre ». L'article "
        "s'arrêtait à N = 50 : sa méthode devenait trop lente.",
        "For each N, the computer looks for as many pairs of numbers as it can, one dividing the other. The "
        "article stopped at N = 50: its method became too slow.",
    ),
    "juniper.science.table.pattern": (
        "Le second joueur ne gagne que {k} fois sur {total}, et plus jamais après N = {last}. Avec beaucoup "
        "de nombres, le premier trouve presque toujours un nombre pair qui reste seul quand on fait le plus "
        "de paires « l'un divise l'autre » : il commence par lui.",
        "The second player wins only {k} times out of {total}, and never after N = {last}. With many numbers, "
        "the first player nearly always finds an even number left alone when making as many pairs as "
        "possible, one dividing the other: they start with it.",
    ),
    "juniper.science.legend.pair": ("paire", "pair"),
    "juniper.science.legend.alone": ("seul", "alone"),
    "juniper.science.legend.start": ("départ", "start"),
    "juniper.science.proof.tab": ("La preuve pour un N", "The proof for one N"),
    "juniper.science.proof.new": ("Autre partie", "Another game"),
    "juniper.science.proof.n": ("N = {n}", "N = {n}"),
    "juniper.science.proof.first": ("Le premier joueur gagne", "The first player wins"),
    "juniper.science.proof.second": ("Le second joueur gagne", "The second player wins"),
    "juniper.science.proof.begin": ("Rouge choisit un nombre pair au hasard…", "Red picks an even number at random…"),
    "juniper.science.proof.opening": (
        "Rouge commence par {k}, le nombre pair resté seul.",
        "Red starts with {k}, the even number left alone.",
    ),
    "juniper.science.proof.move": ("{player} joue {k}, au hasard.", "{player} plays {k}, at random."),
    "juniper.science.proof.answer": (
        "{player} répond {k} : le copain de {other} !",
        "{player} answers {k}: the partner of {other}!",
    ),
    "juniper.science.proof.stuck": (
        "Après {last}, {player} n'a plus rien à jouer : bloqué !",
        "After {last}, {player} has nothing left to play: stuck!",
    ),
    "juniper.science.proof.why.first": (
        "On relie les nombres de 1 à {n} par paires où l'un divise l'autre (en vert) : {pairs} paires au plus, "
        "et on peut laisser {start} tout seul. Rouge commence par {start}, puis répond toujours par le copain "
        "du nombre que Bleu vient de jouer : Bleu finit bloqué.",
        "Join the numbers 1 to {n} in pairs where one divides the other (green): {pairs} pairs at most, and "
        "{start} can be left alone. Red starts with {start}, then always answers with the partner of the "
        "number blue has just played: blue ends up stuck.",
    ),
    "juniper.science.proof.why.second": (
        "On relie les nombres de 1 à {n} par paires où l'un divise l'autre (en vert) : {pairs} paires au plus, "
        "et aucune façon d'en faire autant ne laisse un nombre pair seul. Quel que soit le premier nombre de "
        "Rouge, Bleu répond par son copain, et ainsi de suite : Rouge finit bloqué.",
        "Join the numbers 1 to {n} in pairs where one divides the other (green): {pairs} pairs at most, and "
        "no way of making that many leaves an even number alone. Whatever red starts with, blue answers with "
        "its partner, and so on: red ends up stuck.",
    ),
}
