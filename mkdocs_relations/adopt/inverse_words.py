"""How a relation name reads from its target's page, by English morphology, for ``init``.

``delivers`` is "delivered by", ``builds on`` "built on by", ``promoted to`` "promoted
from", ``depended on by`` "depends on". Each answer says whether the rule is sure: a verb
it knows (or a regular one in a shape that has one reading) is; a word that may be a plural
noun (``domains``) or a participle that may double its consonant (``visited``) is not, and
init asks the user to check it.
"""

from __future__ import annotations

import re


def _listed(text: str) -> frozenset[str]:
    return frozenset(text.split())


#: Verbs whose third person a relation name may be; a word outside it may be a plural noun.
VERBS = _listed(
    """accept access add address affect align allow amend annotate answer apply approve
    assign audit authorise authorize automate back block build call cancel cause cite clarify
    close combine commit compose configure confirm conflict connect consume contain contradict
    contribute control convert cover create decide define delegate deliver demonstrate depend
    deploy deprecate derive describe design detect determine document drive duplicate emit
    enable encode enforce enhance ensure evaluate evolve exemplify expand explain expose extend
    extract feed fix follow fork fulfil fulfill fund generalise generalize govern guide handle
    host identify illustrate impact implement import improve include inform inherit inspire
    instantiate integrate introduce invalidate invoke involve lead link log maintain manage map
    measure mention merge migrate mitigate model monitor motivate move name need note notify
    observe obsolete operate orchestrate own parse pay permit plan point power precede prefer
    produce promote protect prove provide publish qualify query raise read realise realize
    receive record reference refer refine reject relate release rely remove render replace
    report represent require resolve restrict reuse review run satisfy schedule secure send
    serve ship show sign solve source specialise specialize specify split sponsor store
    subclass submit subsume summarise summarize supersede supply support surface teach test
    track train transform trigger update upgrade use validate verify wrap write benefit
    participate propose transition graduate grow develop turn change translate compile
    redirect escalate rename shift collapse reduce respond conform adhere invest work act
    draw succeed borrow appear occur offer enter alter consider filter gather order transfer
    feature capture present prevent invent augment complement supplement comment segment
    grant mirror author archive live visit explore question challenge attend listen operate
    refute elaborate justify influence generate attribute revise differ trace discuss
    introduce remove list result belong"""
)

#: Verbs whose third person is as often a plural noun as a frontmatter key (``sources``,
#: ``notes``, ``links``): alone, such a key is not taken for a relation name.
NOUNS_TOO = _listed(
    """source note name map log model record report review test track plan link host back
    cover fund guide sign store query release design schedule train power surface feed point
    need show read run document import design address access"""
)

#: Irregular past participles, by base form.
IRREGULAR = {
    "build": "built", "teach": "taught", "lead": "led", "make": "made", "write": "written",
    "hold": "held", "bring": "brought", "buy": "bought", "find": "found", "know": "known",
    "give": "given", "take": "taken", "do": "done", "see": "seen", "run": "run", "send": "sent",
    "keep": "kept", "mean": "meant", "show": "shown", "choose": "chosen", "break": "broken",
    "feed": "fed", "read": "read", "set": "set", "put": "put", "split": "split", "tell": "told",
    "sell": "sold", "draw": "drawn", "drive": "driven", "grow": "grown", "think": "thought",
    "understand": "understood", "begin": "begun", "win": "won", "spend": "spent", "pay": "paid",
    "say": "said", "lay": "laid",
}  # fmt: skip
_BASE_OF = {participle: base for base, participle in IRREGULAR.items()}
#: Verbs of two or more syllables that double their last consonant (stress on the last one).
_DOUBLING = _listed(
    "refer prefer defer infer confer transfer deter occur commit permit admit submit emit omit "
    "transmit control compel propel equip regret forget patrol"
)
_PREPOSITIONS = _listed("to into onto on in from for with at of about by over under")
_VOWELS = "aeiou"


def third_person(base: str) -> str:
    """``teach`` -> ``teaches``, ``apply`` -> ``applies``, ``use`` -> ``uses``."""
    if base.endswith(("s", "x", "z", "ch", "sh", "o")):
        return base + "es"
    if base.endswith("y") and len(base) > 1 and base[-2] not in _VOWELS:
        return base[:-1] + "ies"
    return base + "s"


def base_of_third(word: str) -> str | None:
    """``teaches`` -> ``teach``, ``applies`` -> ``apply``, ``uses`` -> ``use``; None when the
    word is no third person form of a known verb."""
    candidates = []
    if word.endswith("ies"):
        candidates.append(word[:-3] + "y")
    if word.endswith("es"):
        candidates.append(word[:-2])
    if word.endswith("s"):
        candidates.append(word[:-1])
    for base in candidates:
        if (base in VERBS or base in IRREGULAR) and third_person(base) == word:
            return base
    if word in ("fulfils",):
        return "fulfil"
    return None


def participle(base: str) -> tuple[str, bool]:
    """(past participle, sure): ``deliver`` -> ``delivered``, ``plan`` -> ``planned``."""
    if base in IRREGULAR:
        return IRREGULAR[base], True
    if base.endswith("e"):
        return base + "d", True
    if base.endswith("y") and len(base) > 1 and base[-2] not in _VOWELS:
        return base[:-1] + "ied", True
    cvc = re.search(r"[^aeiou][aeiou][^aeiouwxy]$", base) is not None
    syllables = len(re.findall(r"[aeiouy]+", base))
    if cvc and (syllables == 1 or base in _DOUBLING):
        return base + base[-1] + "ed", True
    if cvc and base.endswith("l"):  # British spelling doubles a final l: fulfilled, modelled
        return base + "led", True
    if cvc and not base.endswith(("er", "en", "on", "or", "al", "el", "et", "ow")):
        return base + "ed", base in VERBS  # visit or submit: the stress decides
    return base + "ed", True


def base_of_participle(word: str) -> tuple[str, bool] | None:
    """``depended`` -> (``depend``, sure), ``used`` -> (``use``, sure); None for no participle."""
    if word in _BASE_OF:
        return _BASE_OF[word], True
    if not word.endswith("ed"):
        return None
    for base in (word[:-1], word[:-2], word[:-3] + "y" if word.endswith("ied") else "", word[:-3]):
        if base and participle(base)[0] == word and (base in VERBS or base in _DOUBLING):
            return base, True
    if word.endswith("ied") and len(word) > 4:
        return word[:-3] + "y", False  # justified
    stem = word[:-2]
    # Unknown verb: "e" is restored after the endings that need it (caused, produced).
    if re.search(r"(at|iz|is|us|ur|ir|uc|ac|ib|bl|v|g|c|in)$", stem):
        return stem + "e", False
    return stem, False


#: Verbs of change: "evolves to" (or "evolves" alone) a page reads "evolved from" there, never
#: "evolved to by".
_BECOMING = _listed(
    """evolve migrate transition graduate grow develop turn change move convert upgrade
    downgrade translate compile map redirect resolve escalate promote rename shift expand
    collapse reduce fork trace"""
)
#: Verbs whose object takes a preposition, said or not: "depends" is "depends on".
_IMPLIED = {
    "depend": "on", "rely": "on", "refer": "to", "point": "to", "belong": "to",
    "contribute": "to", "conform": "to", "adhere": "to", "respond": "to", "listen": "to",
    "participate": "in", "result": "in", "differ": "from",
}  # fmt: skip
#: Adjectives in -er, never agent nouns: "broader" is no "broader of".
_COMPARATIVES = _listed(
    "broader narrower larger smaller higher lower older newer earlier later greater lesser "
    "bigger better worse wider deeper"
)
#: Verbs that change without an object: alone they read "<participle> from" too.
_INTRANSITIVE = _listed("evolve migrate transition graduate grow develop")
#: After a verb, the prepositions whose passive reads well: "built on by", "referred to by".
_PASSIVE_PREPOSITIONS = _listed("on upon to for")
#: Endings of nouns that name a role or a thing (``owner``, ``foundation``, ``requirement``).
_NOUN_ENDING = re.compile(
    r"(tion|sion|ment|ness|ity|ance|ence|ancy|ency|ship|hood|ism|ist|er|or|ant|ent|ure|age|"
    r"ive|ite|ee|eer|ian|ary|ory|ure|um|ype|ample|ource|uisite)$"
)


def implied_preposition(verb: str) -> str | None:
    """The preposition a verb's object takes, said or not: ``depend`` -> ``on``."""
    return _IMPLIED.get(verb)


def singular(word: str) -> str | None:
    """``requirements`` -> ``requirement``, ``dependencies`` -> ``dependency``; None for a
    word that is no plural."""
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("ches", "shes", "sses", "xes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith("ss") and len(word) > 3:
        return word[:-1]
    return None


def noun(word: str) -> str | None:
    """The singular of a word that reads as a noun naming a role or thing (``owner``,
    ``foundations``), never a verb form; None when unsure."""
    if word in VERBS and word not in NOUNS_TOO:
        return None
    if base_of_third(word) is not None and base_of_third(word) not in NOUNS_TOO:
        return None
    one = singular(word) if base_of_third(word) is None else base_of_third(word)
    if word in _COMPARATIVES:
        return None
    for form in (word, one):
        if form and _NOUN_ENDING.search(form) and not form.endswith("ed"):
            return form
    if word in NOUNS_TOO:
        return word
    if one in NOUNS_TOO:
        return one
    return None


def inverse_label(words: tuple[str, ...]) -> tuple[str, bool] | None:
    """How a relation of these words reads from its target, and whether the rule is sure."""
    if not words:
        return None
    if words[0] in ("is", "was") and len(words) > 1:
        words = words[1:]
    first, rest = words[0], words[1:]
    if rest and rest[-1] == "by":
        # A passive name stored from the other end: "depended on by" reads "depends on".
        found = base_of_participle(first)
        if found is None:
            return None
        base, sure = found
        return " ".join((third_person(base), *rest[:-1])), sure
    if first == "has" and rest:
        return " ".join((*rest, "of")), True
    if len(words) == 2 and rest[0] == "of":
        return f"has {first}", True
    if len(words) == 2 and rest[0] == "for" and noun(first) is not None:
        # "prerequisite for": the target lists it as its prerequisite.
        return first, True
    verb = base_of_third(first)
    if verb is not None:
        return _from_verb(verb, rest)
    found = base_of_participle(first)
    if found is not None and len(rest) == 1 and rest[0] in ("to", "into", "onto"):
        # "evolved to" reads "evolved from"; "assigned to" has no such reading.
        return (f"{first} from", found[1]) if found[0] in _BECOMING else None
    if found and rest == ("in",) and found[1] and found[0] not in IRREGULAR:
        # "defined in": the target defines it (a verb init knows, regular: "built in" is not).
        return third_person(found[0]), True
    if found is not None and len(rest) == 1 and rest[0] == "from":
        return f"{first} into", False
    if found is not None and not rest:
        if found[0] in _INTRANSITIVE:
            return f"{first} from", found[1]
        # "caused": what it brought about reads "caused by".
        return f"{first} by", found[1]
    if len(words) == 1:
        # A noun: "foundation: [[b]]" makes b the page's foundation, "foundation of" it; a
        # verb's bare form (``sponsor``, ``cause``) is as often a noun, but not surely.
        named = noun(first)
        if named is not None:
            return f"{named} of", True
        if first in VERBS:
            return f"{first} of", False
    return None


def _from_verb(verb: str, rest: tuple[str, ...]) -> tuple[str, bool] | None:
    """A relation that starts with a verb's third person (``builds on``, ``evolves to``)."""
    done, sure = participle(verb)
    if not rest and verb in _IMPLIED:
        rest = (_IMPLIED[verb],)
    if not rest:
        if verb in _INTRANSITIVE:
            return f"{done} from", sure
        return f"{done} by", sure
    if len(rest) == 1 and rest[0] in ("to", "into") and verb in _BECOMING:
        return f"{done} from", sure
    if len(rest) == 1 and rest[0] in _PASSIVE_PREPOSITIONS:
        return f"{done} {rest[0]} by", sure
    if len(rest) == 2 and rest[0] == "to" and rest[1] in VERBS:
        # "proposes to supersede": the target is proposed to be superseded by it.
        return f"{done} to be {participle(rest[1])[0]} by", False
    if len(rest) >= 2 and rest[-1] in ("from", "for", "to") and not set(rest[:-1]) & _PREPOSITIONS:
        # "implements requirement from": the target's requirement, implemented by it.
        return f"{' '.join(rest[:-1])} {done} by", False
    return None
