/// How a ForEach or ListView binds its items: the key field and the item and index names.
struct ListBinding: Sendable, Equatable {
    var keyField: String?
    var itemName: String
    var indexName: String?
}

/// A widget whose children are one copy of its content per item (ForEach, ListView).
protocol ItemsBinding {
    var listBinding: ListBinding { get }
}
