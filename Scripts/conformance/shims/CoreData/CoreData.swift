// CoreData does not exist on Linux. The one name a tested app uses from it: the notification
// CloudKit mirroring posts when an import or export ends, which never fires here.
import Foundation

open class NSPersistentCloudKitContainer {
    public static let eventChangedNotification = Notification.Name(
        "NSPersistentCloudKitContainerEventChangedNotification"
    )
}
