import Foundation

/// Inline TMDb-shaped JSON bodies used by the tests.
enum Fixtures {
    static let movieDetails = """
        {
          "adult": false,
          "backdrop_path": "/backdrop.jpg",
          "belongs_to_collection": {"id": 10, "name": "Harbour Collection", "poster_path": null, "backdrop_path": ""},
          "budget": 63000000,
          "genres": [{"id": 18, "name": "Drama"}, {"id": 53, "name": "Thriller"}],
          "homepage": "",
          "id": 550,
          "imdb_id": "tt0000550",
          "original_language": "en",
          "original_title": "Harbour Lights Original",
          "overview": "A keeper and a signal.",
          "popularity": 61.4,
          "poster_path": "/poster.jpg",
          "production_companies": [{"id": 508, "logo_path": null, "name": "Quayside", "origin_country": "US"}],
          "production_countries": [{"iso_3166_1": "US", "name": "United States of America"}],
          "release_date": "1999-10-15",
          "revenue": 100853753,
          "runtime": 139,
          "spoken_languages": [{"english_name": "English", "iso_639_1": "en", "name": "English"}],
          "status": "Released",
          "tagline": "Every light has a keeper.",
          "title": "Harbour Lights",
          "video": false,
          "vote_average": 8.4,
          "vote_count": 26280
        }
        """

    /// Details with every optional field null, empty or absent.
    static let sparseMovieDetails = """
        {
          "id": 9001,
          "title": "Untitled",
          "release_date": "",
          "runtime": null,
          "poster_path": null,
          "backdrop_path": "",
          "homepage": null,
          "imdb_id": "",
          "tagline": "",
          "belongs_to_collection": null,
          "genres": null,
          "overview": null
        }
        """

    static let popularPage = """
        {
          "page": 2,
          "results": [
            {"adult": false, "backdrop_path": null, "genre_ids": [28, 12], "id": 1, "original_language": "en",
             "original_title": "One", "overview": "First.", "popularity": 99.5, "poster_path": "/one.jpg",
             "release_date": "2021-07-02", "title": "One", "video": false, "vote_average": 7.1, "vote_count": 100},
            {"id": 2, "title": "Two", "release_date": "", "poster_path": "", "genre_ids": []},
            {"id": 3, "title": "Three", "release_date": null},
            {"id": 4, "title": "Four"}
          ],
          "total_pages": 500,
          "total_results": 10000
        }
        """

    static let credits = """
        {
          "id": 550,
          "cast": [
            {"adult": false, "gender": 2, "id": 819, "known_for_department": "Acting", "name": "Ivo Novak",
             "original_name": "Ivo Novak", "popularity": 26.1, "profile_path": "/ivo.jpg", "cast_id": 4,
             "character": "The Keeper", "credit_id": "52fe4250c3a36847f80149f3", "order": 0},
            {"id": 820, "name": "Selma Quint", "character": "", "order": 1, "profile_path": null}
          ],
          "crew": [
            {"id": 7467, "name": "Mara Dubois", "department": "Directing", "job": "Director", "profile_path": ""},
            {"id": 7468, "name": "Hugo Brennan", "department": "Writing", "job": "Screenplay"}
          ]
        }
        """

    static let images = """
        {
          "id": 550,
          "backdrops": [{"aspect_ratio": 1.778, "height": 2160, "iso_639_1": null, "file_path": "/b.jpg",
                         "vote_average": 5.3, "vote_count": 12, "width": 3840}],
          "logos": [{"aspect_ratio": 3.0, "height": 400, "iso_639_1": "en", "file_path": "/l.png",
                     "vote_average": 0, "vote_count": 0, "width": 1200}],
          "posters": [{"aspect_ratio": 0.667, "height": 3000, "iso_639_1": "en", "file_path": "/p.jpg",
                       "vote_average": 5.5, "vote_count": 20, "width": 2000},
                      {"file_path": "/p2.jpg", "height": 1500, "width": 1000}]
        }
        """

    static let releaseDates = """
        {
          "id": 550,
          "results": [
            {"iso_3166_1": "DE", "release_dates": [
              {"certification": "", "descriptors": [], "iso_639_1": "", "note": "Festival",
               "release_date": "1999-09-10T00:00:00.000Z", "type": 1}]},
            {"iso_3166_1": "US", "release_dates": [
              {"certification": "", "iso_639_1": "", "note": "", "release_date": "1999-10-01T00:00:00.000Z",
               "type": 1},
              {"certification": "R", "iso_639_1": "", "note": "", "release_date": "1999-10-15T00:00:00.000Z",
               "type": 3}]}
          ]
        }
        """

    static let tvSeries = """
        {
          "id": 1399,
          "name": "Harbour Watch",
          "original_name": "Harbour Watch",
          "first_air_date": "2011-04-17",
          "last_air_date": "",
          "number_of_seasons": 2,
          "number_of_episodes": 16,
          "episode_run_time": [],
          "genres": [{"id": 10765, "name": "Sci-Fi & Fantasy"}, {"id": 18, "name": "Drama"}],
          "networks": [{"id": 49, "logo_path": "/n.png", "name": "Channel Nine North", "origin_country": "US"}],
          "in_production": false,
          "origin_country": ["US"],
          "original_language": "en",
          "overview": "Watchers of the harbour.",
          "popularity": 369.5,
          "poster_path": "/tv.jpg",
          "backdrop_path": null,
          "homepage": "",
          "status": "Ended",
          "tagline": null,
          "vote_average": 8.4,
          "vote_count": 21000,
          "seasons": [
            {"air_date": null, "episode_count": 3, "id": 3627, "name": "Specials", "overview": "",
             "poster_path": null, "season_number": 0, "vote_average": 0},
            {"air_date": "2011-04-17", "episode_count": 10, "id": 3624, "name": "Season 1", "overview": "One.",
             "poster_path": "/s1.jpg", "season_number": 1, "vote_average": 8.3},
            {"air_date": "", "episode_count": 6, "id": 3625, "name": "Season 2", "season_number": 2}
          ]
        }
        """

    static let tvSeason = """
        {
          "_id": "5256c89f19c2956ff6046d47",
          "air_date": "2011-04-17",
          "id": 3624,
          "name": "Season 1",
          "overview": "",
          "poster_path": "/s1.jpg",
          "season_number": 1,
          "vote_average": 8.3,
          "episodes": [
            {"air_date": "2011-04-17", "episode_number": 1, "id": 63056, "name": "Arrival", "overview": "It starts.",
             "runtime": 62, "season_number": 1, "show_id": 1399, "still_path": "/e1.jpg", "vote_average": 7.9,
             "vote_count": 300,
             "crew": [{"id": 44797, "name": "Tobias Lindqvist", "department": "Directing", "job": "Director"}],
             "guest_stars": [{"id": 117642, "name": "Noor Seo", "character": "Visitor", "order": 500}]},
            {"air_date": "", "episode_number": 2, "id": 63057, "name": "Low Tide", "runtime": null,
             "season_number": 1, "still_path": null}
          ]
        }
        """

    static let tvEpisode = """
        {"air_date": null, "episode_number": 3, "id": 63058, "name": "The Ledger", "overview": null,
         "season_number": 1, "still_path": "", "vote_average": 0, "vote_count": 0}
        """

    static let multiSearch = """
        {
          "page": 1,
          "results": [
            {"id": 550, "media_type": "movie", "title": "Harbour Lights", "release_date": "1999-10-15",
             "genre_ids": [18], "popularity": 61.4},
            {"id": 1399, "media_type": "tv", "name": "Harbour Watch", "first_air_date": "",
             "genre_ids": [18], "origin_country": ["US"], "popularity": 369.5},
            {"id": 819, "media_type": "person", "name": "Ivo Novak", "known_for_department": "Acting",
             "profile_path": null, "popularity": 26.1, "known_for": []}
          ],
          "total_pages": 1,
          "total_results": 3
        }
        """

    static let genres = """
        {"genres": [{"id": 28, "name": "Action"}, {"id": 12, "name": "Adventure"}, {"id": 18, "name": "Drama"}]}
        """

    /// A popular page whose fourth result has a numeric `release_date`.
    static let malformedPopularPage = """
        {"page": 1, "total_pages": 1, "total_results": 4, "results": [
          {"id": 1, "title": "A", "release_date": "2020-01-01"},
          {"id": 2, "title": "B", "release_date": ""},
          {"id": 3, "title": "C", "release_date": null},
          {"id": 4, "title": "D", "release_date": 20200101}
        ]}
        """
}
