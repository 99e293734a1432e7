/**
 * Operation keys (the buttons a role may use) offered on each admin menu, as its Functions.
 * A gateway call's `perm` is one of these keys; a role grants menu paths and operation keys.
 * One table for the seed (menus, default roles), the gateway (checks) and the role editor.
 * Keys are `<group>.<resource>.<action>`; a screen's reads need only its menu, writes need a key.
 */
export const MENU_OPERATIONS: Readonly<Record<string, readonly string[]>> = {
  '/data-analysis': ['home.dashboard', 'people.readers.export'],
  '/sys/transition': ['sys.translation.edit'],
  '/resource-mana/basic-set/branch': ['basic.branch.edit'],
  '/resource-mana/basic-Set/resource-type': ['basic.resource-type.edit'],
  '/resource-mana/basic-set/resource-auth': ['basic.resource-auth.edit'],
  '/resource-mana/basic-set/location': ['basic.location.edit'],
  '/resource-mana/basic-set/location-num-pos': ['basic.shelf-position.edit'],
  '/resource-mana/basic-set/location-num': ['basic.shelf.edit'],
  '/bookshelf-area': ['basic.shelf-area.edit'],
  '/library/basic-info': ['basic.library.edit'],
  '/department/dept-manage': ['people.readers.export', 'people.dept.edit'],
  '/dept': ['people.dept.edit'],
  '/class': ['people.class.edit'],
  '/orgdept': ['people.org.edit'],
  '/organization': ['people.org.edit'],
  '/semester': ['people.semester.edit'],
  '/user-transfer': ['people.readers.view', 'people.readers.edit', 'people.readers.delete', 'people.readers.import', 'people.readers.export'],
  '/department/user-transfer': ['people.readers.view', 'people.cards.issue'],
  '/department/permission/role': ['people.roles.edit'],
  '/permission': ['people.permission.assign'],
  '/department/dept-upgrade': ['people.rollover.run', 'people.rollover.undo'],
  '/borrow-permission': ['rules.groups.edit'],
  '/borrow-range-mana': ['rules.assign.edit'],
  '/holiday-management': ['rules.holidays.edit'],
  '/book-editing1': ['catalogue.items.edit'],
  '/book-editing2': ['catalogue.items.edit'],
  '/book-editing3': ['catalogue.items.edit'],
  '/book-editing-rule': ['catalogue.settings.edit'],
  '/resource-mana/resource/collection': ['collection.copies.edit', 'collection.copies.state', 'collection.copies.delete', 'collection.copies.export'],
  '/resource-mana/resource/marc-import': ['catalogue.marc.import', 'catalogue.marc.rules'],
  '/resource-mana/resource/marc-catalog-import': ['catalogue.marc.import', 'catalogue.marc.rules'],
  '/resource-mana/resource/marc-export': ['catalogue.marc.export'],
  '/allocation': ['collection.copies.allocate'],
  '/allocation-scan': ['collection.copies.allocate'],
  '/bulk-editing': ['collection.copies.edit'],
  '/delete-records-bulk': ['collection.copies.delete'],
  '/resource-mana/resource/label-transfer': ['collection.copies.edit'],
  '/resource-mana/resource/catalog': ['collection.copies.edit', 'collection.copies.delete'],
  '/batch': ['catalogue.batch.view', 'catalogue.batch.edit', 'catalogue.batch.state', 'catalogue.batch.reopen'],
  '/surrency/br-records': ['circulation.records.export'],
  '/surrency/parents-br-records': ['circulation.records.export'],
  '/surrency/parents-no-return': ['circulation.records.export'],
  '/batchpsw': ['people.passwords.reset'],
  '/batchpsw2': ['circulation.pins.set'],
};

/** Every operation key of the given menus. */
export function operationsOf(menuPaths: Iterable<string>): string[] {
  const out = new Set<string>();
  for (const p of menuPaths) for (const op of MENU_OPERATIONS[p] ?? []) out.add(op);
  return [...out];
}
