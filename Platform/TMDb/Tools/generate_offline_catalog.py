#!/usr/bin/env python3
"""Generates Sources/TMDb/OfflineCatalog/OfflineCatalogJSON.swift, the embedded offline catalog.

All titles, people, overviews and taglines are invented for Popcorn for Linux.
Output is deterministic; re-run after editing the seeds below:

    python3 Tools/generate_offline_catalog.py
"""
import json
import os
import random

RNG = random.Random(20261122)

MOVIE_GENRES = [
    (28, "Action"), (12, "Adventure"), (16, "Animation"), (35, "Comedy"), (80, "Crime"),
    (99, "Documentary"), (18, "Drama"), (10751, "Family"), (14, "Fantasy"), (36, "History"),
    (27, "Horror"), (10402, "Music"), (9648, "Mystery"), (10749, "Romance"),
    (878, "Science Fiction"), (10770, "TV Movie"), (53, "Thriller"), (10752, "War"), (37, "Western"),
]
TV_GENRES = [
    (10759, "Action & Adventure"), (16, "Animation"), (35, "Comedy"), (80, "Crime"),
    (99, "Documentary"), (18, "Drama"), (10751, "Family"), (10762, "Kids"), (9648, "Mystery"),
    (10763, "News"), (10764, "Reality"), (10765, "Sci-Fi & Fantasy"), (10766, "Soap"),
    (10767, "Talk"), (10768, "War & Politics"), (37, "Western"),
]
LANGUAGES = {"en": "English", "fr": "Français", "ko": "한국어/조선말", "ja": "日本語", "es": "Español",
             "de": "Deutsch", "it": "Italiano", "sv": "svenska"}
ENGLISH_NAMES = {"en": "English", "fr": "French", "ko": "Korean", "ja": "Japanese", "es": "Spanish",
                 "de": "German", "it": "Italian", "sv": "Swedish"}
COUNTRY_OF = {"en": ("US", "United States of America"), "fr": ("FR", "France"), "ko": ("KR", "South Korea"),
              "ja": ("JP", "Japan"), "es": ("ES", "Spain"), "de": ("DE", "Germany"), "it": ("IT", "Italy"),
              "sv": ("SE", "Sweden")}

FIRST = ["Mara", "Tobias", "Ines", "Oskar", "Leila", "Rafael", "Nadia", "Emeric", "Sunny", "Hugo",
         "Priya", "Dmitri", "Aiko", "Bastien", "Camila", "Jonah", "Yuna", "Felix", "Odile", "Marcus",
         "Greta", "Tariq", "Lucia", "Wendell", "Hana", "Ivo", "Selma", "Caspian", "Noor", "Ruben"]
LAST = ["Okonkwo", "Lindqvist", "Marchetti", "Halvorsen", "Dubois", "Castellano", "Brennan", "Moreau",
        "Tanaka", "Whitlock", "Novak", "Achterberg", "Seo", "Ferreira", "Quint", "Valdés", "Kowalczyk",
        "Ashdown", "Petrov", "Delacroix", "Mbeki", "Rasmussen", "Oyelaran", "Fontaine", "Ibarra"]


def make_people(start_id, count, department):
    people, used = [], set()
    while len(people) < count:
        name = f"{RNG.choice(FIRST)} {RNG.choice(LAST)}"
        if name in used:
            continue
        used.add(name)
        pid = start_id + len(people)
        people.append({"id": pid, "name": name, "original_name": name, "gender": RNG.choice([1, 2, 3, 0]),
                       "known_for_department": department, "popularity": round(RNG.uniform(2, 60), 3),
                       "profile_path": f"/person-{pid}.jpg" if pid % 7 else None, "adult": False})
    return people


ACTORS = make_people(7001, 70, "Acting")
DIRECTORS = make_people(8001, 24, "Directing")
WRITERS = make_people(8101, 20, "Writing")
COMPOSERS = make_people(8201, 10, "Sound")

# (title, original title or None, language, release date, runtime, genre ids, certification, tagline, overview)
MOVIES = [
    ("The Lighthouse Accord", None, "en", "2019-03-14", 118, [18, 9648], "PG-13",
     "Every light has a keeper.", "A retired coast-guard officer returns to the island where a signal went dark thirty years ago."),
    ("Copper Horizon", None, "en", "2021-07-02", 131, [878, 12], "PG-13",
     "The frontier is further than you think.", "Miners on a distant moon discover their employer has sold the ground beneath their feet."),
    ("Paper Lanterns", "Lanternes de papier", "fr", "2018-10-10", 97, [18, 10749], "PG",
     "Some promises float.", "Two strangers in Lyon exchange notes through a lantern shop window for a whole winter."),
    ("Nine Minutes to Midnight", None, "en", "2020-11-20", 104, [53, 80], "R",
     "The clock does not negotiate.", "A night-shift dispatcher takes a call that repeats itself every nine minutes."),
    ("The Salt Road", None, "en", "2016-05-06", 142, [37, 12], "PG-13",
     "Nothing is free on the salt road.", "A widowed trader escorts a convoy of salt across a drought-stricken valley."),
    ("Moonlit Orchard", "달빛 과수원", "ko", "2022-09-08", 112, [18, 10751], "PG",
     "Home grows back.", "Three siblings reunite to harvest their late grandmother's pear orchard before the bank takes it."),
    ("Iron Lullaby", None, "en", "2017-02-24", 126, [28, 878], "PG-13",
     "Built to protect. Taught to feel.", "A decommissioned security robot is reactivated to guard the child of the engineer who scrapped it."),
    ("The Cartographer's Daughter", None, "en", "2015-12-18", 135, [12, 14], "PG",
     "The map is alive.", "A girl discovers that her father's maps redraw themselves whenever someone lies."),
    ("Static Bloom", None, "en", "2023-04-21", 99, [27, 9648], "R",
     "Don't touch the dial.", "A radio enthusiast picks up a broadcast from a station that closed in 1974."),
    ("Small Hours", None, "en", "2014-08-15", 92, [35, 18], "R",
     "Nobody sleeps in this building.", "The tenants of a noisy apartment block team up to win a city contest for quietest street."),
    ("The Glass Regatta", None, "en", "2019-06-28", 108, [35, 10749], "PG-13",
     "Love is a team sport.", "A stubborn sailmaker is forced to crew for her rival in the town's centenary boat race."),
    ("Ashfall", None, "en", "2024-02-09", 121, [28, 53], "R",
     "Run toward the mountain.", "A volcanologist and a smuggler race to evacuate a village the authorities have written off."),
    ("Brass Feathers", "Plumes de laiton", "fr", "2013-03-27", 101, [16, 10751, 14], "G",
     "Even clockwork dreams of flying.", "A mechanical sparrow escapes a toymaker's shop to find the girl who wound it."),
    ("The Last Tram", "Der letzte Zug der Nacht", "de", "2018-01-19", 110, [80, 18], "R",
     "End of the line.", "A Berlin tram driver witnesses a robbery and becomes the only person who can identify the thief."),
    ("Winter Circuit", None, "en", "2020-02-14", 115, [18, 28], "PG-13",
     "Speed has a price.", "An ice-racing champion comes out of retirement to coach the rival who ended her career."),
    ("Sunday Ghosts", "Fantasmas de domingo", "es", "2021-10-29", 94, [27, 35], "PG-13",
     "Family dinner. Unexpected guests.", "A Madrid family discovers their weekly lunch is attended by relatives who died long ago."),
    ("Echo Valley", None, "en", "2012-09-07", 128, [37, 18], "R",
     "The past answers back.", "A sheriff in a mining town investigates a disappearance that mirrors his own childhood."),
    ("Orbital Kitchen", None, "en", "2022-06-17", 103, [35, 878], "PG",
     "Zero gravity. Full flavour.", "A disgraced chef takes the only job left: cooking for a space-station crew of six."),
    ("The Violin Thief", "Il ladro di violini", "it", "2017-11-03", 117, [80, 10402], "PG-13",
     "Every instrument has a secret.", "A Cremona luthier is drawn into a heist when a famous violin arrives for repair."),
    ("Northern Static", None, "en", "2019-12-06", 132, [10752, 18], "R",
     "The war was over. Nobody told them.", "A radio unit stationed in the Arctic keeps transmitting long after the armistice."),
    ("Kite Season", None, "en", "2016-04-22", 96, [10751, 35], "G",
     "Catch the wind.", "A boy and his grandfather build a kite to win the seaside festival they lost forty years apart."),
    ("Hollow Crown Street", None, "en", "2023-10-13", 109, [27, 53], "R",
     "The house remembers.", "An estate agent cannot sell a townhouse whose rooms change every night."),
    ("Blue Meridian", None, "en", "2015-07-10", 140, [12, 28], "PG-13",
     "Dive deeper.", "A salvage crew searches for a sunken research vessel and finds its crew still alive."),
    ("The Quiet Archive", "静かな書庫", "ja", "2020-05-29", 119, [16, 14, 18], "PG",
     "Every book is a door.", "A young librarian in Kanazawa learns that returned books carry the dreams of their readers."),
    ("Gold Dust Motel", None, "en", "2018-08-31", 105, [80, 35], "R",
     "Check in. Cash out.", "Two hapless cousins inherit a desert motel that is secretly a bank for thieves."),
    ("Aurora Protocol", "Aurora-protokollet", "sv", "2022-01-21", 124, [878, 53], "PG-13",
     "The sky is a signal.", "Scientists in Kiruna decode a pattern in the northern lights that predicts blackouts."),
    ("Marigold", None, "en", "2014-11-26", 113, [18, 10749, 10402], "PG",
     "Sing it like you mean it.", "A wedding singer and a piano tuner try to save a crumbling concert hall."),
    ("Red Canyon Relay", None, "en", "2013-06-14", 98, [37, 28], "PG-13",
     "Deliver or die trying.", "Pony express riders race a railway company to carry the last mail across the canyon."),
    ("Tidewater", None, "en", "2024-05-17", 111, [9648, 18], "PG-13",
     "The tide keeps secrets.", "A marine biologist investigates why the tides in her home bay stopped turning."),
    ("Fireside Tales", None, "en", "2012-12-14", 88, [16, 10751], "G",
     "Gather round.", "Animals of a snowed-in forest take turns telling stories to keep a lost fox cub awake."),
    ("The Clockmaker's Wager", None, "en", "2017-09-15", 127, [36, 18], "PG-13",
     "Time was the stake.", "In 1760 London, a clockmaker bets his workshop on building a sea clock no one believes possible."),
    ("Seoul Night Market", "서울 야시장", "ko", "2021-03-05", 107, [35, 80], "R",
     "Everything is for sale.", "A street-food vendor becomes an accidental witness to a deal between rival gangs."),
    ("Untitled Lighthouse Sequel", None, "en", "", None, [18, 9648], "",
     "", "A follow-up to The Lighthouse Accord, still in development."),
]

# (name, original name or None, language, first air date, genre ids, status, episodes per season, overview)
SERIES = [
    ("Harbour Lights", None, "en", "2018-09-12", [18, 9648], "Ended", [6, 6, 8],
     "A harbourmaster in a fishing town unravels decades of smuggling secrets."),
    ("Station Eleven North", None, "en", "2020-01-15", [10765, 18], "Returning Series", [8, 8],
     "Researchers wintering at a polar station lose contact with the rest of the world."),
    ("The Bakers of Rue Verte", "Les Boulangers de la rue Verte", "fr", "2019-04-03", [35, 18], "Ended", [10, 10],
     "Two rival bakeries on the same Paris street share one delivery van."),
    ("Neon Detectives", None, "en", "2021-06-01", [80, 10759], "Returning Series", [6, 6, 6],
     "Two mismatched night-shift detectives patrol a city that never turns its signs off."),
    ("Grandmother's Garden", "할머니의 정원", "ko", "2022-02-18", [18, 10751], "Ended", [12],
     "A burned-out office worker moves to the countryside to tend her grandmother's garden."),
    ("Skyward Academy", None, "en", "2017-10-07", [16, 10762, 10759], "Ended", [13, 13, 13, 13],
     "Young pilots train at a floating academy above the clouds."),
    ("Borderline", "Grenzgänger", "de", "2016-11-11", [80, 18, 10768], "Ended", [6, 6],
     "Police officers from two countries share one office on a bridge between them."),
    ("The Midnight Studio", None, "en", "2023-03-22", [10767, 35], "Returning Series", [10],
     "A late-night talk show hosted from a converted lighthouse."),
    ("Ranchers of the Red Mesa", None, "en", "2015-05-30", [37, 18], "Ended", [8, 8, 8],
     "Three families fight over water rights on a high-desert mesa."),
    ("Pocket Planets", None, "en", "2024-01-08", [16, 10751, 10765], "Returning Series", [7],
     "Two siblings shrink down to explore the tiny worlds hidden in their garden."),
    ("Cold Case Kitchen", "Kalla fall i köket", "sv", "2020-09-09", [80, 35], "Canceled", [5],
     "A retired detective opens a restaurant and keeps solving old cases between services."),
]

EPISODE_WORDS = ["Arrival", "Low Tide", "The Ledger", "Signals", "Crossing", "Old Debts", "Lanterns", "Thaw",
                 "The Visitor", "Open Water", "Blackout", "Homecoming", "Fault Lines", "Reckoning", "First Light",
                 "The Long Night", "Driftwood", "Salt and Smoke", "Weather Warning", "Last Orders"]
COMPANIES = [(901, "Northlight Pictures", "US"), (902, "Quayside Films", "GB"), (903, "Studio Lumière Verte", "FR"),
             (904, "Hanbit Media", "KR"), (905, "Kiln & Copper", "US"), (906, "Meridian Arts", "DE"),
             (907, "Sakura Lantern Works", "JP"), (908, "Polar Frame", "SE")]
NETWORKS = [(951, "Channel Nine North", "US"), (952, "Kanal Brücke", "DE"), (953, "TéléVerte", "FR"),
            (954, "Han River Broadcasting", "KR"), (955, "Popcorn Streaming", "US"), (956, "Nordvision", "SE")]


def credit_id(prefix, a, b):
    return f"{prefix}{a:05d}{b:06d}"


def cast_entry(person, character, order, prefix, owner):
    return {"adult": False, "gender": person["gender"], "id": person["id"],
            "known_for_department": "Acting", "name": person["name"], "original_name": person["original_name"],
            "popularity": person["popularity"], "profile_path": person["profile_path"],
            "character": character, "credit_id": credit_id(prefix, owner, person["id"]), "order": order}


def crew_entry(person, job, department, prefix, owner):
    return {"adult": False, "gender": person["gender"], "id": person["id"],
            "known_for_department": person["known_for_department"], "name": person["name"],
            "original_name": person["original_name"], "popularity": person["popularity"],
            "profile_path": person["profile_path"], "credit_id": credit_id(prefix, owner, person["id"]),
            "department": department, "job": job}


CHARACTER_FIRST = ["Ada", "Bram", "Cleo", "Dov", "Elin", "Finn", "Gus", "Hattie", "Idris", "Juno", "Kit", "Lars",
                   "Mina", "Nico", "Olive", "Pim", "Quinn", "Rosa", "Soren", "Tess"]


def character_name():
    return f"{RNG.choice(CHARACTER_FIRST)} {RNG.choice(LAST)}"


def image(path, width, height, lang, votes):
    return {"aspect_ratio": round(width / height, 3), "file_path": path, "height": height, "width": width,
            "iso_639_1": lang, "vote_average": round(RNG.uniform(4.5, 6.0), 3), "vote_count": votes}


def make_movie(index, seed):
    title, original, lang, date, runtime, genres, cert, tagline, overview = seed
    mid = 1001 + index
    unreleased = date == ""
    company = [c for c in COMPANIES if c[2] == COUNTRY_OF[lang][0]] or [COMPANIES[0]]
    genre_names = dict(MOVIE_GENRES)
    details = {
        "adult": False,
        "backdrop_path": None if unreleased else f"/movie-{mid}-backdrop-1.jpg",
        "belongs_to_collection": None,
        "budget": 0 if unreleased else RNG.randrange(2, 180) * 1_000_000,
        "genres": [{"id": g, "name": genre_names[g]} for g in genres],
        "homepage": "" if unreleased or mid % 3 == 0 else f"https://popcorn.example/movies/{mid}",
        "id": mid,
        "imdb_id": None if unreleased else f"tt9{mid:06d}",
        "original_language": lang,
        "original_title": original or title,
        "overview": overview,
        "popularity": round(RNG.uniform(5, 250), 3),
        "poster_path": None if unreleased else f"/movie-{mid}-poster-1.jpg",
        "production_companies": [{"id": c[0], "logo_path": f"/company-{c[0]}.png" if c[0] % 2 else None,
                                  "name": c[1], "origin_country": c[2]} for c in company[:2]],
        "production_countries": [{"iso_3166_1": COUNTRY_OF[lang][0], "name": COUNTRY_OF[lang][1]}],
        "release_date": date,
        "revenue": 0 if unreleased else RNG.randrange(1, 900) * 1_000_000,
        "runtime": runtime,
        "spoken_languages": [{"english_name": ENGLISH_NAMES[lang], "iso_639_1": lang, "name": LANGUAGES[lang]}],
        "status": "In Production" if unreleased else "Released",
        "tagline": tagline,
        "title": title,
        "video": False,
        "vote_average": 0.0 if unreleased else round(RNG.uniform(5.2, 8.6), 3),
        "vote_count": 0 if unreleased else RNG.randrange(40, 25000),
    }
    actors = RNG.sample(ACTORS, 6)
    cast = [cast_entry(p, character_name(), i, "m", mid) for i, p in enumerate(actors)]
    director = DIRECTORS[index % len(DIRECTORS)]
    writer = WRITERS[(index * 3) % len(WRITERS)]
    composer = COMPOSERS[index % len(COMPOSERS)]
    crew = [crew_entry(director, "Director", "Directing", "m", mid),
            crew_entry(writer, "Screenplay", "Writing", "m", mid),
            crew_entry(composer, "Original Music Composer", "Sound", "m", mid)]
    if index % 4 == 0:
        crew.append(crew_entry(director, "Producer", "Production", "m", mid))
    if unreleased:
        images = {"id": mid, "backdrops": [], "logos": [], "posters": []}
    else:
        images = {
            "id": mid,
            "backdrops": [image(f"/movie-{mid}-backdrop-{n}.jpg", 3840, 2160, None if n == 1 else lang, 12 - n)
                          for n in (1, 2)],
            "logos": [image(f"/movie-{mid}-logo-1.png", 1200, 400, lang, 3)],
            "posters": [image(f"/movie-{mid}-poster-{n}.jpg", 2000, 3000, lang if n == 1 else "en", 20 - n)
                        for n in (1, 2, 3)],
        }
    if unreleased:
        release_dates = {"id": mid, "results": []}
    else:
        results = [{"iso_3166_1": "US", "release_dates": [
            {"certification": cert, "descriptors": [], "iso_639_1": "", "note": "",
             "release_date": f"{date}T00:00:00.000Z", "type": 3},
            {"certification": cert, "descriptors": [], "iso_639_1": "", "note": "",
             "release_date": f"{date[:4]}-12-01T00:00:00.000Z", "type": 4}]}]
        home = COUNTRY_OF[lang][0]
        if home != "US":
            results.insert(0, {"iso_3166_1": home, "release_dates": [
                {"certification": "", "descriptors": [], "iso_639_1": lang, "note": "Festival premiere",
                 "release_date": f"{date}T00:00:00.000Z", "type": 1}]})
        release_dates = {"id": mid, "results": results}
    return {"details": details, "credits": {"id": mid, "cast": cast, "crew": crew},
            "images": images, "release_dates": release_dates}


def make_series(index, seed):
    name, original, lang, first_air, genres, status, episode_counts, overview = seed
    sid = 2001 + index
    year, month, day = (int(x) for x in first_air.split("-"))
    genre_names = dict(TV_GENRES)
    actors = RNG.sample(ACTORS, 5)
    creator = WRITERS[(index * 7 + 1) % len(WRITERS)]
    directors = RNG.sample(DIRECTORS, 3)
    regulars = [(p, character_name()) for p in actors]
    seasons, summaries = [], []
    episode_id = sid * 1000
    runtime = 22 if 35 in genres or 16 in genres else 48
    numbered = list(enumerate(episode_counts, start=1))
    if index == 0:
        numbered = [(0, 2)] + numbered  # specials
    last_air = first_air
    for number, count in numbered:
        season_year = year + max(number - 1, 0)
        air = f"{season_year:04d}-{month:02d}-{day:02d}"
        episodes = []
        for e in range(1, count + 1):
            episode_id += 1
            d = day + (e - 1) * 7
            m, y = month + (d - 1) // 28, season_year
            d = (d - 1) % 28 + 1
            while m > 12:
                m, y = m - 12, y + 1
            episode_air = f"{y:04d}-{m:02d}-{d:02d}"
            title = "Special: Behind the Scenes" if number == 0 else RNG.choice(EPISODE_WORDS)
            guest = RNG.choice(ACTORS)
            episodes.append({
                "air_date": episode_air if status != "Returning Series" or number < len(episode_counts) or e < count
                else "",
                "episode_number": e,
                "episode_type": "finale" if e == count else "standard",
                "id": episode_id,
                "name": f"{title}" if number == 0 else f"{title} ({number}x{e:02d})",
                "overview": f"Episode {e} of season {number} of {name}." if e % 5 else "",
                "production_code": "",
                "runtime": runtime if e % 6 else None,
                "season_number": number,
                "show_id": sid,
                "still_path": f"/tv-{sid}-s{number}e{e}.jpg" if e % 4 else None,
                "vote_average": round(RNG.uniform(6.0, 9.0), 1),
                "vote_count": RNG.randrange(0, 400),
                "crew": [crew_entry(directors[e % 3], "Director", "Directing", "e", episode_id % 100000),
                         crew_entry(creator, "Writer", "Writing", "e", episode_id % 100000)],
                "guest_stars": [cast_entry(guest, character_name(), 500 + e, "g", episode_id % 100000)],
            })
            if episodes[-1]["air_date"]:
                last_air = max(last_air, episodes[-1]["air_date"])
        season_name = "Specials" if number == 0 else f"Season {number}"
        season_id = sid * 100 + number
        season_overview = "" if number == 0 else f"Season {number} of {name}."
        poster = None if number == 0 else f"/tv-{sid}-season-{number}.jpg"
        seasons.append({"_id": f"s{season_id}", "air_date": air, "episodes": episodes, "id": season_id,
                        "name": season_name, "overview": season_overview, "poster_path": poster,
                        "season_number": number, "vote_average": round(RNG.uniform(6.5, 8.8), 1)})
        summaries.append({"air_date": air, "episode_count": count, "id": season_id, "name": season_name,
                          "overview": season_overview, "poster_path": poster, "season_number": number,
                          "vote_average": seasons[-1]["vote_average"]})
    network = [n for n in NETWORKS if n[2] == COUNTRY_OF[lang][0]] or [NETWORKS[4]]
    details = {
        "adult": False,
        "backdrop_path": f"/tv-{sid}-backdrop.jpg",
        "created_by": [{"id": creator["id"], "credit_id": credit_id("c", sid, creator["id"]),
                        "name": creator["name"], "gender": creator["gender"], "profile_path": creator["profile_path"]}],
        "episode_run_time": [runtime],
        "first_air_date": first_air,
        "genres": [{"id": g, "name": genre_names[g]} for g in genres],
        "homepage": f"https://popcorn.example/tv/{sid}" if index % 2 else "",
        "id": sid,
        "in_production": status == "Returning Series",
        "languages": [lang],
        "last_air_date": last_air,
        "name": name,
        "networks": [{"id": n[0], "logo_path": f"/network-{n[0]}.png", "name": n[1], "origin_country": n[2]}
                     for n in network[:1]],
        "number_of_episodes": sum(episode_counts),
        "number_of_seasons": len(episode_counts),
        "origin_country": [COUNTRY_OF[lang][0]],
        "original_language": lang,
        "original_name": original or name,
        "overview": overview,
        "popularity": round(RNG.uniform(5, 180), 3),
        "poster_path": f"/tv-{sid}-poster.jpg",
        "seasons": summaries,
        "status": status,
        "tagline": "" if index % 3 else f"Welcome to {name}.",
        "type": "Scripted",
        "vote_average": round(RNG.uniform(6.0, 8.9), 3),
        "vote_count": RNG.randrange(20, 6000),
    }
    cast = [cast_entry(p, character, i, "t", sid) for i, (p, character) in enumerate(regulars)]
    crew = [crew_entry(creator, "Executive Producer", "Production", "t", sid)]
    crew += [crew_entry(d, "Director", "Directing", "t", sid) for d in directors[:1]]
    return {"details": details, "credits": {"id": sid, "cast": cast, "crew": crew}, "seasons": seasons}


def main():
    catalog = {
        "movie_genres": [{"id": i, "name": n} for i, n in MOVIE_GENRES],
        "tv_genres": [{"id": i, "name": n} for i, n in TV_GENRES],
        "movies": [make_movie(i, seed) for i, seed in enumerate(MOVIES)],
        "tv": [make_series(i, seed) for i, seed in enumerate(SERIES)],
    }
    here = os.path.dirname(os.path.abspath(__file__))
    out = os.path.join(here, "..", "Sources", "TMDb", "OfflineCatalog", "OfflineCatalogJSON.swift")
    text = json.dumps(catalog, ensure_ascii=False, indent=1, sort_keys=True)
    assert '"#' not in text and '"""' not in text, "catalog text would end the raw string literal"
    with open(out, "w", encoding="utf-8") as f:
        f.write(SWIFT_HEADER)
        f.write(text)
        f.write('\n"""#\n}\n')
    print(f"wrote {len(catalog['movies'])} movies, {len(catalog['tv'])} series to {os.path.normpath(out)}")


SWIFT_HEADER = '''// swift-format-ignore-file
// Generated by Tools/generate_offline_catalog.py. Do not edit by hand; edit the seeds and re-run it.

/// The embedded offline catalog as JSON in TMDb response shapes.
///
/// Compiled into the library (instead of a SwiftPM resource) so the catalog is available even when
/// the executable is copied without its resource bundle.
enum OfflineCatalogJSON {
    /// `{"movie_genres", "tv_genres", "movies": [{details, credits, images, release_dates}],
    /// "tv": [{details, credits, seasons}]}`.
    static let text = #"""
'''


if __name__ == "__main__":
    main()
