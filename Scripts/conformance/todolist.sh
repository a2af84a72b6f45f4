# pedroluis02/todolist-swiftdata-example: its ToDoListData package (a SwiftData DAO, storage and
# repository) with both its XCTest and Swift Testing tests, and the ToDoListDomain package it
# depends on, as their manifests declare them (ToDoListDomain's target is its package folder,
# whose Package.swift is left out of the module).
REPO=pedroluis02/todolist-swiftdata-example

recipe() {
    SETTINGS=".swiftLanguageMode(.v5)" # its manifest: swift-tools-version 5.x
    EXCLUDE="Package.swift" lib ToDoListDomain ToDoListDomain
    lib ToDoListData ToDoListData/Sources/ToDoListData ToDoListDomain
    test ToDoListDataTests ToDoListData/Tests/ToDoListDataTests ToDoListData
}
