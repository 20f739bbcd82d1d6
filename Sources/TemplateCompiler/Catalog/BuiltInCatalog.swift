import TerminiTemplate

extension Catalog {
    /// The catalogue compiled into this module (see `CatalogSwiftEmitter`); the staleness test keeps it current.
    public static func builtIn() throws(CatalogDecodingError) -> Catalog {
        try builtInResult.get()
    }

    private static let builtInResult: Result<Catalog, CatalogDecodingError> = {
        do {
            let json = try JSONValue.parse(embeddedJSON)
            return .success(try Catalog(json: json))
        } catch let error as CatalogDecodingError {
            return .failure(error)
        } catch {
            return .failure(CatalogDecodingError(jsonPath: "$", message: "embedded catalogue is not valid JSON: \(error)"))
        }
    }()
}
